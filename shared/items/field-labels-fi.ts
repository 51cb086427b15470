// The Finnish labels of the item fields (the fi catalog's field.* and field.*.short texts, held
// equal by tests/shared/option-words.test.ts) and the other headings sellers' sheets use for each
// field, in Finnish and in English, so the import's mapping step recognises "Otsikko", "Nimike",
// "Kuntoluokka" or "Postikulut" as it does the English labels. Plain data: the renderer loads this too.
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

/**
 * Headings of other sheets that name one field without doubt, per field and language (case,
 * spaces and signs such as € do not count). A word two fields could mean ("Toimitus": the
 * methods or the price) is in neither list; tests/shared/field-synonyms.test.ts holds every word
 * to one field.
 */
export const FIELD_SYNONYMS: Readonly<Record<ItemFieldName, { readonly fi: readonly string[]; readonly en: readonly string[] }>> = {
  saleMethod: { fi: ['Myyntimuoto', 'Ilmoitustyyppi', 'Kauppatapa'], en: ['Sale type', 'Listing type', 'Format'] },
  title: { fi: ['Nimi', 'Nimike', 'Tuote', 'Tuotenimi', 'Tuotteen nimi', 'Ilmoituksen otsikko', 'Otsake'], en: ['Name', 'Product', 'Product name', 'Item', 'Item name', 'Heading'] },
  categoryId: { fi: ['Kategoria', 'Tuoteryhmä', 'Osasto id', 'Osastonumero', 'Kategorianumero'], en: ['Category id', 'Category number'] },
  condition: { fi: ['Kuntoluokka', 'Kuntoluokitus', 'Tuotteen kunto', 'Kuntoarvio'], en: ['State', 'Item condition', 'Grade'] },
  description: { fi: ['Tuotteen kuvaus', 'Tuotekuvaus', 'Kuvausteksti', 'Ilmoitusteksti', 'Lisätiedot', 'Selite'], en: ['Description (HTML)', 'Details', 'Item description', 'Product description', 'Body', 'Text'] },
  buyNowPrice: { fi: ['Hinta', 'Myyntihinta', 'Osta heti', 'Kiinteä hinta', 'Ostahinta'], en: ['Price', 'Buy now', 'Buy it now', 'Fixed price', 'Sale price'] },
  startingPrice: { fi: ['Lähtö', 'Lähtöhinta', 'Aloitushinta'], en: ['Starting bid', 'Start price', 'Opening bid'] },
  minimumIncrease: { fi: ['Korotus', 'Minimikorotus', 'Vähimmäiskorotus', 'Huutoväli'], en: ['Bid increment', 'Increment', 'Minimum raise'] },
  reservePrice: { fi: ['Pohjahinta', 'Varahinta', 'Alin hyväksyttävä hinta'], en: ['Reserve'] },
  quantity: { fi: ['Lkm', 'Kappaletta', 'Määrä kpl', 'Kappalemäärä', 'Varastosaldo', 'Saldo'], en: ['Amount', 'Stock', 'Units', 'Count'] },
  offersAllowed: { fi: ['Hintatarjoukset', 'Tee tarjous', 'Tarjous sallittu'], en: ['Offers', 'Best offer', 'Accept offers'] },
  openDays: { fi: ['Kesto', 'Kesto pv', 'Voimassaoloaika', 'Ilmoituksen kesto', 'Päivät', 'Voimassa'], en: ['Duration', 'Days', 'Listing days'] },
  listTime: { fi: ['Julkaisu', 'Julkaisupäivä', 'Alkamisaika', 'Alkaa'], en: ['Start time', 'Starts', 'Publish time', 'List date'] },
  closingTime: { fi: ['Päättyy', 'Päättymisaika', 'Loppuu', 'Sulkeutumispäivä'], en: ['End time', 'Ends', 'Closing date', 'End date'] },
  republish: { fi: ['Uudelleenjulkaisu', 'Julkaise uudelleen', 'Uusintailmoitus'], en: ['Relist', 'Auto relist', 'Republish if unsold'] },
  isLocationAbroad: { fi: ['Sijainti ulkomailla', 'Ulkomailla'], en: ['Abroad', 'Outside Finland'] },
  postalCode: { fi: ['Postinro', 'Sijainti', 'Sijainnin postinumero'], en: ['Zip', 'Zip code', 'Postcode', 'Post code'] },
  deliveryMethods: { fi: ['Toimitustapa', 'Toimitusvaihtoehdot', 'Lähetystapa', 'Kuljetus', 'Toimitustavat'], en: ['Delivery', 'Shipping', 'Shipping method', 'Delivery method'] },
  deliveryPrice: { fi: ['Postikulut', 'Postimaksu', 'Toimituskulut', 'Lähetyskulut', 'Toimitushinta', 'Rahti', 'Postituskulut'], en: ['Shipping cost', 'Postage', 'Shipping price', 'Delivery cost', 'Shipping fee'] },
  deliveryTerms: { fi: ['Toimitusehdot', 'Toimitustiedot', 'Noutotiedot'], en: ['Shipping terms', 'Delivery info'] },
  paymentMethods: { fi: ['Maksutapa', 'Maksuvaihtoehdot', 'Maksutavat'], en: ['Payment', 'Payment method', 'Pay with'] },
  paymentTerms: { fi: ['Maksuehdot', 'Maksutiedot'], en: ['Payment info', 'Payment details'] },
  identificationRequired: { fi: ['Tunnistautuminen', 'Vahva tunnistautuminen'], en: ['ID required', 'Identification', 'Verified buyers'] },
  minimumFeedback: { fi: ['Vähimmäispalaute', 'Palaute vähintään'], en: ['Min feedback', 'Feedback'] },
  marginalTax: { fi: ['Marginaali', 'Marginaaliverotettu'], en: ['Margin scheme', 'Margin VAT'] },
  vat: { fi: ['ALV', 'Arvonlisävero', 'ALV-kanta', 'Vero %'], en: ['VAT rate', 'Tax', 'Tax rate'] },
  note: { fi: ['Huom', 'Huomautus', 'Huomio', 'Huomiot', 'Muistiinpanot', 'Oma huomio', 'Muistio', 'Kommentti', 'Sisäinen huomautus'], en: ['Notes', 'Remark', 'Remarks', 'Comment', 'Comments', 'Memo', 'Internal note'] },
  sku: { fi: ['Koodi', 'Tuotenumero', 'Oma tunniste', 'Tunniste', 'Varastokoodi', 'Hyllypaikka', 'Viite', 'Tuote id'], en: ['Item code', 'Product code', 'Article number', 'Reference', 'Stock code', 'Own label'] },
};
