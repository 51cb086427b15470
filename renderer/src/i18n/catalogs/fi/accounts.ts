import type { Catalog } from '../catalog.ts';
import type { accounts as en } from '../en/accounts.ts';

export const accounts: Catalog<typeof en> = {
  'accounts.title': 'Tilit',
  'accounts.column.account': 'Tili',
  'accounts.column.marketplace': 'Kauppapaikka',
  'accounts.column.user': 'Käyttäjä',
  'accounts.active': 'käytössä',
  'accounts.localOnly': 'Vain tällä tietokoneella',
  'accounts.localName': 'Paikalliset luonnokset',
  'accounts.sandboxName': 'Harjoituskauppapaikka ({user})',
  'accounts.passwordNeeded': 'salasana tarvitaan',
  'accounts.use': 'Ota käyttöön',
  'accounts.signIn': 'Kirjaudu…',
  'accounts.signIn.form': 'Kirjautuminen',
  'accounts.signIn.to': 'Kirjaudu: {name}',
  'accounts.username': 'Käyttäjätunnus',
  'accounts.password': 'Salasana',
  'accounts.signIn.submit': 'Kirjaudu',
  'accounts.add.title': 'Lisää kauppapaikka',
  'accounts.name': 'Nimi',
  'accounts.baseUrl': 'Osoite',
  'accounts.add': 'Lisää',
  'accounts.added': 'Lisätty: {name}.',
  'accounts.signedIn': 'Kirjauduttu käyttäjänä {user}.',
};
