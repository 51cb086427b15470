// Text helpers for descriptions, which are HTML.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of an HTML fragment, for full-text indexing. */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(parseInt(e.slice(2), 16) || 32);
      if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)) || 32);
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** "anna" -> "a***a": bidder names as others see them. */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}***`;
  return `${name[0]}***${name[name.length - 1]}`;
}
