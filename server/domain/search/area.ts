// The `area` search parameter: a city (post office name), a municipality or a postal code, read
// case-insensitively. Items match on their stored postal code, or on their stored location for
// places the postal register does not list (e.g. the abroad label).
import { POSTAL_CODE_PATTERN, postalCodesForArea } from '../postal-codes.ts';

export interface AreaFilter {
  /** Postal codes inside the area. */
  postalCodes: string[];
  /** The area as an upper-case place name, compared with the item's stored location. */
  location: string;
}

export function areaFilter(area: string): AreaFilter {
  const text = area.trim();
  const location = text.toLocaleUpperCase('fi-FI');
  // A code is taken as it is: an abroad item may carry one the register does not know.
  if (POSTAL_CODE_PATTERN.test(text)) return { postalCodes: [text], location };
  return { postalCodes: postalCodesForArea(text), location };
}
