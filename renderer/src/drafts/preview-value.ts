// A value as the bulk previews show it, in the seller's language: a category by its name (its
// path in the cached tree), never its bare id; a description as its text, shortened; anything
// else as the dialogs word values (money and numbers by the formatter, options by name).
import type { Formatter } from '../../../shared/format/formatter.ts';
import { categoryPath, type Category } from '../categories/categories.ts';
import type { Translate } from '../i18n/intl.ts';
import { valueWords } from './dialog-values.ts';

const SHOWN_TEXT = 120;

export function previewValue(t: Translate, format: Formatter, field: string, value: unknown, categories: readonly Category[]): string {
  if (field === 'categoryId' && typeof value === 'number') return categoryPath(categories, value, format.locale) ?? valueWords(t, format, field, value);
  if (field === 'description' && typeof value === 'string' && value !== '') {
    const text = value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    return text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT)}…` : text;
  }
  return valueWords(t, format, field, value);
}
