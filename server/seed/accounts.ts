// The demo accounts. Every one has the password DEMO_PASSWORD; addresses are real Finnish postal
// codes (the same dataset the service reads locations from).
import type { NewUser } from '../domain/users.ts';

export const DEMO_PASSWORD = 'demo-pass-1';

export type DemoAccount = Omit<NewUser, 'password'> & { zip: string };

export const DEMO_ACCOUNTS = {
  anna: {
    username: 'anna',
    roles: ['private'],
    type: 'private',
    description: 'Tyhjennän vintin Tampereella: vaatteita, kirjoja ja lasten tavaroita. Nouto Kalevasta tai lähetys.',
    fullName: 'Anna Virtanen',
    email: 'anna.virtanen@example.com',
    mobile: '+358 40 123 4567',
    street: 'Kalevantie 12 B 8',
    town: 'TAMPERE',
    zip: '33100',
  },
  pekka: {
    username: 'pekka',
    roles: ['powerseller'],
    type: 'private',
    description: 'Tehomyyjä vuodesta 2009: elektroniikkaa, keräilyesineitä ja auton osia. Tuotteet lähtevät kahden arkipäivän kuluessa.',
    fullName: 'Pekka Korhonen',
    email: 'pekka.korhonen@example.com',
    mobile: '+358 50 765 4321',
    telephone: '+358 9 412 3456',
    street: 'Tapiontori 3 A 14',
    town: 'ESPOO',
    zip: '02100',
  },
  firma: {
    username: 'firma',
    roles: ['company'],
    type: 'company',
    description: 'Firma Oy myy uusia ja palautettuja tuotteita kotiin, puutarhaan ja verstaalle. Hinnat sisältävät ALV:n, ellei toisin mainita.',
    fullName: 'Firma Oy',
    email: 'myynti@firma.example.com',
    mobile: '+358 44 555 0100',
    telephone: '+358 9 555 0100',
    street: 'Tikkurilantie 40',
    town: 'VANTAA',
    zip: '01300',
  },
  ville: {
    username: 'ville',
    roles: ['private'],
    type: 'private',
    description: 'Vanhojen kameroiden ja vinyylien keräilijä. Maksan samana päivänä.',
    fullName: 'Ville Nieminen',
    email: 'ville.nieminen@example.com',
    mobile: '+358 45 222 3344',
    street: 'Isokatu 21 C 30',
    town: 'OULU',
    zip: '90100',
  },
  maija: {
    username: 'maija',
    roles: ['private'],
    type: 'private',
    description: 'Ostan designlasia ja myyn sen, mikä ei enää mahdu.',
    fullName: 'Maija Mäkinen',
    email: 'maija.makinen@example.com',
    mobile: '+358 40 987 6543',
    street: 'Aurakatu 8 A 5',
    town: 'TURKU',
    zip: '20100',
  },
  jussi: {
    username: 'jussi',
    roles: ['private'],
    type: 'private',
    description: null,
    fullName: 'Jussi Heikkinen',
    email: 'jussi.heikkinen@example.com',
    mobile: '+358 50 311 2299',
    street: 'Kauppakatu 15 B 22',
    town: 'JYVÄSKYLÄ',
    zip: '40100',
  },
  ella: {
    username: 'ella',
    roles: ['private'],
    type: 'private',
    description: 'Opiskelija Kuopiossa, ostan lähinnä huonekaluja ja pyöriä.',
    fullName: 'Ella Laine',
    email: 'ella.laine@example.com',
    mobile: '+358 44 700 8811',
    street: 'Puijonkatu 30 A 2',
    town: 'KUOPIO',
    zip: '70100',
  },
} satisfies Record<string, DemoAccount>;

export type DemoUserName = keyof typeof DEMO_ACCOUNTS;
export const DEMO_USER_NAMES = Object.keys(DEMO_ACCOUNTS) as DemoUserName[];
