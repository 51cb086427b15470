// The 3-level category picker over the cached tree: main category, section, subcategory. The
// draft's categoryId is the deepest level chosen; the settings say how deep it must go.
import { useStore } from 'zustand';
import { categoryTitle } from '../categories/category-names.ts';
import { useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';
import type { MessageId } from '../i18n/messages.ts';
import type { Category } from './editor-store.ts';

interface Props {
  categories: Category[];
  value: number | null;
  required: boolean;
  onChange(id: number | null): void;
}

const LEVELS: ReadonlyArray<{ name: MessageId; any: MessageId }> = [
  { name: 'editor.category.main', any: 'editor.category.choose' },
  { name: 'editor.category.section', any: 'editor.category.anySection' },
  { name: 'editor.category.subcategory', any: 'editor.category.anySubcategory' },
];

export function CategoryPicker({ categories, value, required, onChange }: Props) {
  const t = useT();
  const locale = useStore(localeStore, (s) => s.locale);
  const byId = new Map(categories.map((c) => [c.id, c]));
  // The chosen path from the main category down to the value.
  const path: Category[] = [];
  for (let c = value === null ? undefined : byId.get(value); c; c = byId.get(c.parentId)) path.unshift(c);
  if (categories.length === 0) {
    return <p className="field-hint">{value !== null ? t('editor.category.noneWithId', { id: value }) : t('editor.category.none')}</p>;
  }
  return (
    <div className="category-picker" role="group" aria-label={t('editor.category')}>
      {LEVELS.map(({ name, any }, level) => {
        const parentId = level === 0 ? 0 : path[level - 1]?.id;
        if (parentId === undefined) return null;
        const options = categories.filter((c) => c.parentId === parentId && c.level === level + 1);
        if (options.length === 0) return null;
        return (
          <select
            key={name}
            aria-label={t(name)}
            aria-required={required && level === 0}
            value={path[level]?.id ?? ''}
            onChange={(e) => {
              const id = e.target.value === '' ? null : Number(e.target.value);
              onChange(id ?? (level === 0 ? null : path[level - 1]?.id ?? null));
            }}
          >
            <option value="">{t(any)}</option>
            {options.map((c) => <option key={c.id} value={c.id}>{categoryTitle(c, locale)}</option>)}
          </select>
        );
      })}
    </div>
  );
}
