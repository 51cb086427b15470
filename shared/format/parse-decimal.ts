// Numbers as sellers type them, in either language: `12,50`, `12.50`, `1 234,50` (spaces or
// non-breaking spaces between thousands), `1.234,50` and `1,234.50`, with or without a euro sign.
// A lone comma or dot is the decimal separator (so `1,234` is 1.234: a price field then refuses
// the third decimal, which is safer than reading a thousand); with both, the last one is.

const GROUPING_SPACES = /[\s\u00a0\u202f]/g;

/** The number the text holds, or null when it is not a number. */
export function parseDecimal(text: string): number | null {
  let compact = text.trim().replace(GROUPING_SPACES, '').replace(/^€|€$/g, '');
  if (compact.startsWith('−')) compact = `-${compact.slice(1)}`; // the minus sign Intl writes in Finnish
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const grouping = decimal === ',' ? '.' : ',';
    const [whole, fraction, ...rest] = compact.split(decimal);
    if (rest.length > 0 || fraction === undefined || !/^-?\d{1,3}([.,]\d{3})+$/.test(whole ?? '')) return null;
    compact = `${(whole ?? '').replaceAll(grouping, '')}.${fraction}`;
  } else if (lastComma >= 0) {
    compact = compact.replace(',', '.');
  }
  return /^-?\d+(\.\d+)?$/.test(compact) || /^-?\.\d+$/.test(compact) ? Number(compact) : null;
}
