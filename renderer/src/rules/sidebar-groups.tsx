// The saved groups in the sidebar, under the screens (the Rules screen makes and names them): part
// of the app's first screen, so apart from the Rules screen, which loads when first opened.
import { useStore } from 'zustand';
import { useT } from '../i18n/intl.ts';
import type { RulesStore, SavedGroupRow } from './rules-store.ts';
import './rules.css';

/** Every filter a saved group may set, cleared: a group's query replaces the grid's filters. */
export const GROUP_RESET = {
  status: undefined, syncState: undefined, categoryId: undefined, saleMethod: undefined, noBids: undefined, noPhotos: undefined,
  endingWithinHours: undefined, closesBefore: undefined, priceMin: undefined, priceMax: undefined, skuPrefix: undefined, noteText: undefined, ruleApplied: undefined,
} as const;

/** The saved groups under the screens in the sidebar, with their live counts: a click shows the group in the grid. */
export function SidebarGroups({ store, onOpen }: { store: RulesStore; onOpen: (group: SavedGroupRow) => void }) {
  const t = useT();
  const groups = useStore(store, (s) => s.groups);
  if (groups.length === 0) return null;
  return (
    <nav className="sidebar-groups" aria-label={t('rules.groups.sidebar')}>
      <h2>{t('rules.groups.sidebar')}</h2>
      <ul>
        {groups.map((g) => (
          <li key={g.id}>
            {/* The name begins with the words it shows (WCAG 2.5.3: a voice user says what is seen), then what it does. */}
            <button type="button" onClick={() => onOpen(g)}>
              <span>{g.name}</span> <span className="pill">{g.count}</span><span className="visually-hidden"> {t('rules.groups.openSuffix', { count: g.count })}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
