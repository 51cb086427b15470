import type { Catalog } from '../catalog.ts';
import type { a11y as en } from '../en/a11y.ts';

export const a11y: Catalog<typeof en> = {
  'a11y.chart.table': 'Näytä luvut taulukkona',
  'a11y.chart.week': 'Viikko alkaen',
  'a11y.chart.category': 'Osasto',
  'a11y.chart.average': 'Keskihinta',
  'a11y.chart.sold': 'Myyty',
  'a11y.chart.revenue': 'Myyntitulot',
  'a11y.date.format': 'pp.kk.vvvv',
  'a11y.date.formatHint': 'Päivämäärä muodossa {format}, esimerkiksi {example}. Nuolet ylös ja alas siirtävät päivän.',
  'a11y.date.invalid': 'Kirjoita päivämäärä muodossa {format}, esimerkiksi {example}.',
  'a11y.date.before': 'Päivämäärä on ennen päivää {min}.',
  'a11y.date.after': 'Päivämäärä on päivän {max} jälkeen.',
  'a11y.date.day': '{label}: päivämäärä',
  'a11y.time.format': 'tt.mm',
  'a11y.time.hour': '{label}: kellonaika',
  'a11y.time.formatHint': 'Kellonaika 24 tunnin muodossa {format}, esimerkiksi {example}.',
  'a11y.time.invalid': 'Kirjoita kellonaika 24 tunnin muodossa {format}, esimerkiksi {example}.',
  'a11y.time.missing': 'Anna sekä päivämäärä että kellonaika.',
  'a11y.time.wholeHour': 'Kirjoita tasatunti, esimerkiksi {example}.',
};
