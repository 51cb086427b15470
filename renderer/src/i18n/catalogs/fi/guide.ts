// Aloitusopas (renderer/src/first-run/): viisi asiaa, jotka myyjä tekee ensin.
import type { Catalog } from '../catalog.ts';
import type { guide as en } from '../en/guide.ts';

export const guide: Catalog<typeof en> = {
  'guide.button': 'Aloitusopas',
  'guide.title': 'Aloitusopas: viisi ensimmäistä askelta',
  'guide.intro': 'Näillä pääset alkuun.',
  'guide.sandbox': 'Demokauppaa voi kokeilla vapaasti: kaikki täällä menee harjoituskauppapaikalle, ei oikeille ostajille.',
  'guide.step.bring': '<b>Tuo ilmoituksesi</b>: <b>Tuo CSV- tai Excel-tiedosto…</b> lukee taulukon, tai <b>Uusi luonnos</b> aloittaa uuden (myös pohjasta).',
  'guide.step.photos': '<b>Lisää kuvat</b>: avaa luonnos (<k>Ctrl</k>+<k>Enter</k>) ja pudota kuvat siihen, tai valitse <b>Lisää kuvia…</b>.',
  'guide.step.publish': '<b>Julkaise</b>: valitse valmiit luonnokset ja sitten <b>Toiminnot</b> › <b>Julkaise…</b> (<k>Ctrl</k>+<k>Shift</k>+<k>P</k>); ne lähtevät seuraavassa synkronoinnissa.',
  'guide.step.answer': '<b>Vastaa ostajille</b>: <b>Kysymykset</b> (<k>Alt</k>+<k>2</k>) näyttää ostajien kysymykset; vastaa yhteen tai useaan kerralla.',
  'guide.step.offers': '<b>Päätä tarjouksista</b>: avaa <b>Tarjoukset</b> (<k>Alt</k>+<k>3</k>) ja hyväksy tai hylkää ne; myydyt näkyvät kohdassa <b>Myynnit</b> (<k>Alt</k>+<k>4</k>).',
  'guide.hide': 'Piilota opas',
  'guide.again': 'Yläreunan Aloitusopas-painike näyttää oppaan uudelleen.',
};
