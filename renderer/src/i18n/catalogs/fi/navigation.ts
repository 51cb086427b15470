import type { Catalog } from '../catalog.ts';
import type { navigation as en } from '../en/navigation.ts';

export const navigation: Catalog<typeof en> = {
  'nav.screens': 'Näkymät',
  'nav.drafts': 'Luonnokset',
  'nav.questions': 'Kysymykset',
  'nav.offers': 'Tarjoukset',
  'nav.sales': 'Myynnit',
  'nav.sync': 'Synkronointi',
  'nav.accounts': 'Tilit',
};
