import type { Catalog } from '../catalog.ts';
import type { common as en } from '../en/common.ts';

export const common: Catalog<typeof en> = {
  'common.cancel': 'Peruuta',
  'common.close': 'Sulje',
  'common.save': 'Tallenna',
  'common.apply': 'Käytä',
  'common.undo': 'Kumoa',
  'common.dismiss': 'Ohita',
  'common.loading': 'Ladataan…',
  'common.none': '—',
  'common.yes': 'Kyllä',
  'common.no': 'Ei',
  'common.items': '{count, plural, one {# kohde} other {# kohdetta}}',
  'common.drafts': '{count, plural, one {# luonnos} other {# luonnosta}}',
  'settings.language': 'Kieli',
  'settings.language.system': 'Järjestelmän mukaan ({language})',
  'settings.language.fi': 'Suomi',
  'settings.language.en': 'English',
};
