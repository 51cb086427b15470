// A safe FTS5 MATCH expression from what a user typed. User text never reaches the FTS query
// syntax: it is cut into tokens of letters, digits and marks, each token is double-quoted (so
// NEAR, AND, OR, NOT, *, ^, :, parentheses and quotes are plain text), the tokens are ANDed and
// the last one is prefix-matched so "lam" finds "lamp". A query with no token matches nothing
// searchable and is treated as absent by the caller.

/** More tokens than this add little and cost a posting-list walk each. */
export const MAX_TOKENS = 12;

/** Prefix queries on one character expand to too many terms; such a last token matches exactly. */
const MIN_PREFIX_LENGTH = 2;

const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

export function searchTokens(words: string): string[] {
  const tokens = words.normalize('NFC').match(TOKEN) ?? [];
  return tokens.slice(0, MAX_TOKENS);
}

/** The MATCH expression, or null when the text holds no searchable token. */
export function ftsMatchExpression(words: string): string | null {
  const tokens = searchTokens(words);
  if (tokens.length === 0) return null;
  return tokens
    .map((token, index) => {
      // Tokens hold only letters, digits and marks, so they never contain a double quote.
      const quoted = `"${token}"`;
      const isLast = index === tokens.length - 1;
      return isLast && [...token].length >= MIN_PREFIX_LENGTH ? `${quoted}*` : quoted;
    })
    .join(' AND ');
}
