// What a seller's spreadsheet holds, read into the values the field table parses (numbers are
// read by shared/format/parse-decimal.ts, as on every other path): Finnish dates
// (`28.11.2026 18:00`), and plain-text descriptions whose line breaks become paragraphs. A date
// that cannot exist (31.02.2026) is told apart from one written in an unknown way, so the import
// can flag it instead of letting the service refuse it after publish.
import { localInstant } from '../../../shared/node/request-time.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A failure names its rule (shared/screens/problem-rules.ts) for the seller's sentence; reason is English. */
export type TimeCell = { ok: true; value: string } | { ok: false; rule: 'not-a-date' | 'date-does-not-exist'; reason: string };

const FINNISH = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(?:klo\s+)?(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?)?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A time as the service reads it (`YYYY-MM-DD HH:MM:SS`, in the service's time zone) from the
 * Finnish form or the ISO one; a date alone is midnight. The calendar check runs in `zone` so a
 * time skipped by a daylight-saving change is impossible too.
 */
export function parseTimeCell(cell: string, zone = 'Europe/Helsinki'): TimeCell {
  const text = cell.trim();
  const fi = FINNISH.exec(text);
  const iso = fi ? null : ISO.exec(text);
  if (!fi && !iso) return { ok: false, rule: 'not-a-date', reason: `"${text}" is not a date (write 28.11.2026 18:00)` };
  const [day, month, year, hour, minute, second] = fi
    ? [fi[1], fi[2], fi[3], fi[4], fi[5], fi[6]]
    : [iso?.[3], iso?.[2], iso?.[1], iso?.[4], iso?.[5], iso?.[6]];
  const parts = { year: Number(year), month: Number(month), day: Number(day), hour: Number(hour ?? 0), minute: Number(minute ?? 0), second: Number(second ?? 0) };
  // Not on the calendar (31.02., 24:00) or skipped by the zone (a spring-forward night's hour).
  if (typeof localInstant(parts, zone) !== 'number') return { ok: false, rule: 'date-does-not-exist', reason: `${text} is not a date that exists` };
  return { ok: true, value: `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)} ${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}` };
}

// Tags of HTML a seller's description holds; `<ei toimitusta>` in plain text is no tag.
const HTML_TAG = /<\/?(p|br|div|span|ul|ol|li|b|i|u|strong|em|h[1-6]|a|table|tr|td|th|img|hr)\b[^<>]*>/i;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/**
 * A description typed in a spreadsheet cell is plain text: blank lines separate paragraphs and a
 * single line break stays a line break. A cell that already holds HTML is kept as it is.
 */
export function descriptionHtml(cell: string): string {
  if (HTML_TAG.test(cell)) return cell;
  const paragraphs = cell.replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p !== '');
  return paragraphs.map((p) => `<p>${p.split('\n').map((line) => escapeHtml(line.trim())).join('<br>')}</p>`).join('');
}
