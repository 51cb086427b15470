// The Finnish labels of the item fields (the fi catalog's field.* and field.*.short texts, held
// equal by tests/shared/option-words.test.ts) and a few headings Finnish sheets use, so the
// import's mapping step recognises "Otsikko", "Kuvaus", "Kunto" or "Hinta" as it does the
// English labels. Plain data: the renderer loads this too.
import type { ItemFieldName } from './item-fields.ts';

export const FIELD_LABELS_FI: Readonly<Record<ItemFieldName, readonly string[]>> = {
  saleMethod: ['Myyntitapa'],
  title: ['Otsikko'],
  categoryId: ['Osasto'],
  condition: ['Kunto'],
  description: ['Kuvaus'],
  buyNowPrice: ['Osta heti -hinta €', 'Osta heti €'],
  startingPrice: ['Lähtöhinta €', 'Lähtö €'],
  minimumIncrease: ['Korotuksen vähimmäismäärä €', 'Min. korotus €'],
  reservePrice: ['Pohjahinta €', 'Pohja €'],
  quantity: ['Määrä', 'Kpl'],
  offersAllowed: ['Tarjoukset sallittu', 'Tarjoukset'],
  openDays: ['Voimassa päivää', 'Päiviä'],
  listTime: ['Julkaisuaika'],
  closingTime: ['Sulkeutumisaika', 'Sulkeutuu'],
  republish: ['Uusintailmoitus, jos ei myy', 'Uusinta'],
  isLocationAbroad: ['Sijainti ulkomailla', 'Ulkomailla'],
  postalCode: ['Postinumero', 'Postinro'],
  deliveryMethods: ['Toimitustavat', 'Toimitus'],
  deliveryPrice: ['Toimitusmaksu €', 'Toimitus €'],
  deliveryTerms: ['Toimitusehdot'],
  paymentMethods: ['Maksutavat', 'Maksu'],
  paymentTerms: ['Maksuehdot'],
  identificationRequired: ['Ostajan tunnistautuminen vaaditaan', 'Tunnistus'],
  minimumFeedback: ['Ostajan palautteen vähimmäismäärä', 'Min. palaute'],
  marginalTax: ['Marginaaliverotus', 'Marginaalivero'],
  vat: ['ALV %'],
  note: ['Oma muistiinpano', 'Muistiinpano'],
  sku: ['Tuotekoodi / oma tunniste', 'Tuotekoodi'],
};

/** Headings of other sheets, either language, that name one field without doubt. */
export const FIELD_SYNONYMS: Readonly<Partial<Record<ItemFieldName, readonly string[]>>> = {
  title: ['nimi', 'tuote', 'name', 'product'],
  description: ['kuvausteksti', 'tuotekuvaus'],
  buyNowPrice: ['hinta', 'myyntihinta', 'osta heti', 'price', 'buy now'],
  startingPrice: ['lähtö', 'aloitushinta', 'starting bid'],
  quantity: ['kpl', 'lkm', 'kappaletta', 'qty', 'määrä kpl'],
  categoryId: ['kategoria', 'osasto id', 'category id'],
  sku: ['koodi', 'tuotenumero', 'oma tunniste', 'tunniste'],
  note: ['muistiinpano', 'huomautus'],
  postalCode: ['postinro'],
};
