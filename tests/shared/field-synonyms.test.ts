// The import's heading words (shared/items/field-labels-fi.ts) name one field each: a word two fields
// share would make the mapping step offer either on no evidence. The only shared words are the
// catalog's own short labels "Toimitus" and "Toimitus €" (delivery methods and price), which the
// matcher offers as a guess, never as certain.
import { describe, expect, it } from 'vitest';
import { matchHeading, simpleHeading } from '../../electron/core/spreadsheet/heading-match.ts';
import { FIELD_LABELS_FI, FIELD_SYNONYMS } from '../../shared/items/field-labels-fi.ts';
import { ITEM_FIELD_NAMES, ITEM_FIELDS, type ItemFieldDef } from '../../shared/items/item-fields.ts';

describe('the import\'s heading words', () => {
  it('give every field headings in both languages, each word one field\'s only', () => {
    const fieldsOf = new Map<string, Set<string>>();
    for (const field of ITEM_FIELD_NAMES) {
      const def: ItemFieldDef = ITEM_FIELDS[field];
      expect(FIELD_SYNONYMS[field].fi.length, field).toBeGreaterThan(0);
      expect(FIELD_SYNONYMS[field].en.length, field).toBeGreaterThan(0);
      for (const word of [field, def.label, def.grid?.label ?? '', ...FIELD_LABELS_FI[field], ...FIELD_SYNONYMS[field].fi, ...FIELD_SYNONYMS[field].en]) {
        const simple = simpleHeading(word);
        if (simple !== '') fieldsOf.set(simple, (fieldsOf.get(simple) ?? new Set()).add(field));
      }
    }
    const shared = [...fieldsOf].filter(([, fields]) => fields.size > 1).map(([word, fields]) => `${word}: ${[...fields].join(', ')}`);
    expect(shared).toEqual(['toimitus: deliveryMethods, deliveryPrice']);
    expect(matchHeading('Toimitus')).toEqual({ field: 'deliveryMethods', how: 'guess' });
  });

  it('guess a field from a typo, another inflection or a compound, and nothing from a word of no field', () => {
    expect(matchHeading('Postinumro')).toEqual({ field: 'postalCode', how: 'guess' });
    expect(matchHeading('Lähetyskulu')).toEqual({ field: 'deliveryPrice', how: 'guess' });
    expect(matchHeading('Tuotenimi X')).toEqual({ field: 'title', how: 'guess' });
    expect(matchHeading('Voimassa (pv)')).toEqual({ field: 'openDays', how: 'guess' });
    expect(matchHeading('Hinta (sis. alv)')).toEqual({ field: 'buyNowPrice', how: 'guess' });
    // A brand is no product name, though both start with "tuote": a compound is what it ends with.
    for (const heading of ['Tuotemerkki', 'Väri', 'Koko', 'Materiaali', 'Paino', 'EAN', 'Sähköposti', '']) expect(matchHeading(heading), heading).toBeNull();
  });
});
