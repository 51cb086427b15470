import type { Catalog } from '../catalog.ts';
import type { a11y as en } from '../en/a11y.ts';

export const a11y: Catalog<typeof en> = {
  'a11y.chart.table': 'Näytä luvut taulukkona',
  'a11y.chart.week': 'Viikko alkaen',
  'a11y.chart.category': 'Osasto',
  'a11y.chart.average': 'Keskihinta',
  'a11y.chart.sold': 'Myyty',
  'a11y.chart.revenue': 'Myyntitulot',
};
