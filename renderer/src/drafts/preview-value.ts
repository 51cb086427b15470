// A value as the bulk previews show it: a category by its name (its path in the cached tree),
// never its bare id; a description as its text, shortened; anything else as the grid's preview.
import { categoryPath, type Category } from '../categories/categories.ts';
import { formatValue } from './columns.ts';

const SHOWN_TEXT = 120;

export function previewValue(field: string, value: unknown, categories: readonly Category[]): string {
  if (field === 'categoryId' && typeof value === 'number') return categoryPath(categories, value) ?? formatValue(field, value);
  if (field === 'description' && typeof value === 'string' && value !== '') {
    const text = value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    return text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT)}…` : text;
  }
  return formatValue(field, value);
}
