// The import's word tables in shared/ are the catalogs' own texts: an option's label and a
// field's Finnish label change in one place only if these agree.
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/catalogs/en/index.ts';
import { fi } from '../../renderer/src/i18n/catalogs/fi/index.ts';
import { FIELD_LABELS_FI } from '../../shared/items/field-labels-fi.ts';
import { OPTION_WORDS } from '../../shared/items/option-words.ts';

describe('the import\'s word tables', () => {
  it('hold every option\'s label as the English and Finnish catalogs write it', () => {
    for (const [field, options] of Object.entries(OPTION_WORDS)) {
      for (const [option, words] of Object.entries(options)) {
        const id = `option.${field}.${option}` as keyof typeof en;
        expect(words.en, id).toBe(en[id]);
        expect(words.fi, id).toBe(fi[id]);
      }
    }
  });

  it('hold every field\'s Finnish label and short label as the catalog writes them', () => {
    for (const [field, labels] of Object.entries(FIELD_LABELS_FI)) {
      const id = `field.${field}` as keyof typeof fi;
      const short = `field.${field}.short` as keyof typeof fi;
      expect(labels, field).toEqual([...new Set([fi[id], fi[short]].filter((l) => l !== undefined))]);
    }
  });
});
