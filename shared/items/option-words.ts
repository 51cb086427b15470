// The words a seller may use for an option field's values: the machine word (`buy-now`), the
// label the screens show in each language (`Osta heti`, `Buy now`) and a few clear synonyms
// (`Tilisiirto`, `pankkisiirto`). A spreadsheet made from the app's own Finnish screens imports as
// one made from its English ones or from an export. Case, accents, spaces and hyphens are
// forgiven ("osta-heti", "HYVA", "lahetys"). The labels are the catalogs' option.* texts
// (tests/shared/option-words.test.ts holds them equal). Plain data: the renderer loads this too.
import type { CONDITIONS, DELIVERY_METHODS, PAYMENT_METHODS, SALE_METHODS } from './item-fields.ts';

export type OptionField = 'saleMethod' | 'condition' | 'deliveryMethods' | 'paymentMethods';

interface OptionWords {
  en: string;
  fi: string;
  /** Other words a seller writes for it, any language. */
  also?: readonly string[];
}

export const OPTION_WORDS = {
  saleMethod: {
    auction: { en: 'Auction', fi: 'Huutokauppa', also: ['huuto', 'huutokauppa-ilmoitus'] },
    'buy-now': { en: 'Buy now', fi: 'Osta heti', also: ['buy it now', 'ostaheti', 'kiinteä hinta', 'fixed price'] },
  },
  condition: {
    new: { en: 'New', fi: 'Uusi', also: ['brand new', 'käyttämätön', 'unused'] },
    'like-new': { en: 'Like new', fi: 'Uudenveroinen', also: ['as new', 'uuden veroinen', 'uutta vastaava', 'erinomainen', 'excellent'] },
    good: { en: 'Good', fi: 'Hyvä' },
    acceptable: { en: 'Acceptable', fi: 'Tyydyttävä', also: ['fair', 'kohtalainen', 'ok'] },
    weak: { en: 'Weak', fi: 'Heikko', also: ['poor', 'huono', 'for parts', 'varaosiksi'] },
  },
  deliveryMethods: {
    pickup: { en: 'Pickup', fi: 'Nouto', also: ['pick up', 'collection', 'haku', 'noudettava'] },
    shipment: { en: 'Shipment', fi: 'Lähetys', also: ['shipping', 'postal delivery', 'posti', 'postitus'] },
  },
  paymentMethods: {
    'wire-transfer': { en: 'Bank transfer', fi: 'Tilisiirto', also: ['wire transfer', 'pankkisiirto'] },
    cash: { en: 'Cash', fi: 'Käteinen', also: ['käteismaksu'] },
    'mobile-pay': { en: 'MobilePay', fi: 'MobilePay', also: ['mobile pay'] },
  },
} as const satisfies {
  saleMethod: Record<(typeof SALE_METHODS)[number], OptionWords>;
  condition: Record<(typeof CONDITIONS)[number], OptionWords>;
  deliveryMethods: Record<(typeof DELIVERY_METHODS)[number], OptionWords>;
  paymentMethods: Record<(typeof PAYMENT_METHODS)[number], OptionWords>;
};

export function isOptionField(field: string): field is OptionField {
  return Object.hasOwn(OPTION_WORDS, field);
}

/** A word as compared: lower case, accents off (ä → a, å → a, ö → o), no spaces, hyphens or dots. */
export function foldWord(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\s\-_.]+/g, '');
}

const wordTables = new Map<OptionField, Map<string, string>>();

function tableOf(field: OptionField): Map<string, string> {
  let table = wordTables.get(field);
  if (!table) {
    table = new Map();
    for (const [option, words] of Object.entries(OPTION_WORDS[field]) as Array<[string, OptionWords]>) {
      for (const word of [option, words.en, words.fi, ...(words.also ?? [])]) table.set(foldWord(word), option);
    }
    wordTables.set(field, table);
  }
  return table;
}

/** The option a seller's word means, or null when it names none. */
export function optionOfWord(field: OptionField, word: string): string | null {
  const folded = foldWord(word);
  if (folded === '') return null;
  return tableOf(field).get(folded) ?? null;
}

/**
 * The accepted values of a field, for a message: each option's Finnish and English label and its
 * machine word, "Osta heti / Buy now / buy-now; Huutokauppa / Auction / auction".
 */
export function acceptedValues(field: OptionField): string {
  return (Object.entries(OPTION_WORDS[field]) as Array<[string, OptionWords]>)
    .map(([option, words]) => [...new Set([words.fi, words.en, option])].join(' / '))
    .join('; ');
}
