import type { Catalog } from '../catalog.ts';
import type { mappings as en } from '../en/mappings.ts';

export const mappings: Catalog<typeof en> = {
  'mappings.importCancel': 'Peruuta tuonti',
  'mappings.importCancelled': 'Tuonti peruttiin: luonnoksia ei lisätty.',
  'mappings.importAlreadyDone': 'Tuonti oli jo valmis: Kumoa poistaa kaikki sen luonnokset yhdellä kertaa.',
  'mappings.noTitle': 'Mikään sarake ei sisällä otsikkoa: valitse sarake, jossa otsikko on, muuten mitään ei voi tuoda (jokaisesta rivistä tulisi tyhjä luonnos).',
  'mappings.few': 'Vain {mapped, plural, one {# sarake} other {# saraketta}} {total, number} sarakkeesta vastaa kenttää; muut jätetään pois. Tarkista valinnat ennen tuontia.',
  'mappings.rememberedNote': 'Nämä valinnat muistettiin samojen otsikoiden aiemmasta tuonnista.',
  'mappings.openList': 'Muistetut sarakevalinnat…',
  'mappings.list.title': 'Muistetut sarakevalinnat',
  'mappings.list.intro': 'Samojen otsikoiden tuonti käyttää muistettuja valintoja kysymättä. Muuta niitä tai unohda ne, jolloin seuraava tuonti kysyy uudelleen.',
  'mappings.list.empty': 'Sarakevalintoja ei ole vielä muistettu.',
  'mappings.list.headings': 'Tiedoston otsikot',
  'mappings.list.choices': 'Valinnat',
  'mappings.list.used': 'Viimeksi käytetty',
  'mappings.list.change': 'Muuta…',
  'mappings.list.changeFor': 'Muuta otsikoiden {headings} valintoja',
  'mappings.list.forget': 'Unohda',
  'mappings.list.forgetFor': 'Unohda otsikoiden {headings} valinnat',
  'mappings.leftOut': 'jätetään pois',
  'mappings.edit.title': 'Muuta muistettuja sarakevalintoja',
  'mappings.edit.summary': 'Näiden otsikoiden seuraava tuonti käyttää näitä valintoja. Jo tuodut luonnokset eivät muutu (Ctrl+Z kumoaa viimeisimmän tuonnin).',
  'mappings.edit.save': 'Tallenna valinnat',
  'mappings.report.remembered': 'Sarakkeet tulkittiin aiemmasta tuonnista muistettujen valintojen mukaan.',
  'mappings.report.change': 'Muuta valintoja…',
};
