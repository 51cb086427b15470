// Words for demo items and trading, in Finnish as the marketplace's sellers and buyers write them
// (issue 21, item 13): descriptions (HTML), delivery and payment terms, questions, answers and
// feedback. Every list keeps its length and order: the seed's random draws pick by position, so
// the same seed still gives the same items and the same trading.
import type { Condition } from '../../shared/api/index.ts';
import type { Leaf } from './category-data.ts';
import type { Random } from './random.ts';

const CONDITION_TEXT: Record<Condition, string> = {
  new: 'Uusi ja käyttämätön, alkuperäisessä pakkauksessa.',
  'like-new': 'Käytetty vain muutaman kerran, kuin uusi.',
  good: 'Hyvässä käyttökunnossa, vähäisiä käytön jälkiä.',
  acceptable: 'Toimii kuten pitää, mutta käytön jäljet näkyvät selvästi.',
  weak: 'Myydään sellaisenaan: kulunut ja voi vaatia korjausta.',
};

const OPENINGS = [
  'Myydään',
  'Myynnissä:',
  'Tarjolla:',
  'Kaupataan',
  'Muuton vuoksi myydään',
];

const DETAILS = [
  'Savuton ja lemmikitön koti.',
  'Ostettu suomalaisesta liikkeestä, kuitti tallella.',
  'Kuvat ovat myytävästä tuotteesta.',
  'Lisää kuvia pyydettäessä.',
  'Säilytetty sisätiloissa, kuivana ja puhtaana.',
  'Alkuperäinen laatikko ja ohjeet mukana.',
];

const COMPANY_DETAILS = [
  'Toimitus Vantaan varastostamme 1-3 arkipäivässä.',
  'ALV-lasku pyydettäessä.',
  'Valmistajan takuu 24 kuukautta.',
  'Palautettu tuote, henkilökuntamme tarkastama ja testaama.',
];

export function describeItem(r: Random, product: string, leaf: Leaf, condition: Condition, company: boolean): string {
  const extras = r.sample(company ? COMPANY_DETAILS : DETAILS, r.int(1, 2));
  const opening = company ? `Valikoimastamme (${leaf.subcategory.title}):` : r.pick(OPENINGS);
  return [
    `<p>${opening} <strong>${escapeHtml(product)}</strong>.</p>`,
    `<p>${CONDITION_TEXT[condition]}</p>`,
    '<ul>',
    `<li>Osasto: ${escapeHtml(leaf.main.title)} / ${escapeHtml(leaf.section.title)}</li>`,
    ...extras.map((e) => `<li>${e}</li>`),
    '</ul>',
  ].join('\n');
}

export const DELIVERY_TERMS = {
  pickupOnly: 'Vain nouto; ota kantoapua mukaan.',
  parcel: 'Lähetetään pakettina lähimpään noutopisteeseen kahden arkipäivän kuluessa maksusta.',
  company: 'Lähetetään varastostamme 1-3 arkipäivässä; nouto myymälästämme myös mahdollinen.',
  either: 'Nouto tai lähetys, kumpi sinulle sopii.',
};

export const PAYMENT_TERMS = {
  private: 'Maksu kolmen päivän kuluessa kaupan päättymisestä.',
  company: 'Maksu laskulla (14 päivää netto) tai noudettaessa. Kuitti mukana.',
  cash: 'Käteinen noudettaessa tai MobilePay etukäteen.',
};

export const QUESTIONS: readonly (readonly [string, string])[] = [
  ['Onko tämä vielä noudettavissa tänä viikonloppuna?', 'On, lauantai-iltapäivä sopii hyvin.'],
  ['Voitko lähettää Ouluun, ja mitä se maksaisi?', 'Voin, Ouluun lähetys maksaa ilmoitetun toimitushinnan.'],
  ['Onko siinä naarmuja tai lommoja?', 'Takana pari pientä jälkeä, muuten siisti.'],
  ['Tuleeko alkuperäinen laatikko mukana?', 'Laatikkoa ei enää ole, mutta pakkaan huolellisesti.'],
  ['Mitkä ovat tarkat mitat?', 'Mittaan illalla ja lisään mitat kuvaukseen.'],
  ['Onko se huollettu äskettäin?', 'Huollettu viime keväänä; kuitti tulee mukana.'],
  ['Yhdistätkö postikulut muiden kohteidesi kanssa?', 'Totta kai, kysy yhteishintaa.'],
  ['Onko akku vielä hyvässä kunnossa?', 'Kestää normaalikäytössä lähes koko päivän.'],
];

export const OFFER_MESSAGES = [
  'Kävisikö tämä? Voin noutaa huomenna.',
  'Käteisellä noudettaessa, vaikka tänään.',
  'Kiinnostaa, mutta tämä on budjettini.',
  'Lähettäisitkö tähän hintaan kaikkineen?',
];

export const POSITIVE_FEEDBACK = [
  'Nopea maksu, sujuva kauppa. Suosittelen!',
  'Tuote kuten kuvattu, hyvin pakattu ja nopea toimitus. Kiitos!',
  'Kaikki meni hyvin, mukava asioida.',
  'Ystävällinen myyjä, tuote juuri kuten kuvissa.',
  'Maksoi heti ja nouti sovitusti.',
];

export const NEUTRAL_FEEDBACK = ['Maksu tuli muutaman päivän myöhässä, muuten hyvä.', 'Toimitus kesti luvattua kauemmin.'];
export const NEGATIVE_FEEDBACK = 'Tuotteessa oli halkeama, jota kuvauksessa ei mainittu.';
export const NEGATIVE_ANSWER = 'En tiennyt halkeamasta; tarjosin osittaista hyvitystä.';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
