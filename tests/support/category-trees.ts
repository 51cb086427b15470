// Small cached category trees with English names, for the tests of what the screens show and
// sort in each language (tests/core and tests/app category-names-en).
import type { CachedCategory } from '../../electron/core/cache/settings-cache.ts';

/** Three levels: a main category, a section, two leaves (Pöydät without an English name). */
export const FURNITURE_TREE: readonly CachedCategory[] = [
  { id: 2, parentId: 0, level: 1, title: 'Koti ja puutarha', titleEn: 'Home & Garden', position: 0 },
  { id: 3, parentId: 2, level: 2, title: 'Huonekalut', titleEn: 'Furniture', position: 0 },
  { id: 4, parentId: 3, level: 3, title: 'Sohvat', titleEn: 'Sofas', position: 0 },
  { id: 5, parentId: 3, level: 3, title: 'Pöydät', position: 1 },
];

/** Sections whose Finnish and English names sort differently (Pöydät without an English name). */
export const HOME_TREE: readonly CachedCategory[] = [
  { id: 2, parentId: 0, level: 1, title: 'Koti', titleEn: 'Home', position: 0 },
  { id: 3, parentId: 2, level: 2, title: 'Astiat', titleEn: 'Dishes', position: 0 },
  { id: 4, parentId: 2, level: 2, title: 'Kirjat', titleEn: 'Books', position: 1 },
  { id: 5, parentId: 2, level: 2, title: 'Valaisimet', titleEn: 'Lamps', position: 2 },
  { id: 6, parentId: 2, level: 2, title: 'Pöydät', position: 3 },
];
