// What goes to the marketplace is written in the listing's language, whatever language the
// screens speak: the marketplace is Finnish, so a template's {condition} is "Hyvä" and its {price}
// "2 119,04 €" for a seller with English screens too (issue 21). The fill of a template's
// placeholders from a draft's fields lives here, shared by the core (which fills at publish) and
// the editor (which shows the filled text as a preview). Plain functions: the renderer loads this.
//
// {price} and {deliveryPrice} carry the euro sign ("12,90 €"); a sign the template writes beside
// them ("{price} €", "€{price}", "{price} EUR", "{price} euroa") is not doubled.
import { createFormatter } from '../format/formatter.ts';
import type { AppLocale } from '../format/app-locale.ts';
import { fillTemplate, isTemplatePlaceholder, type TemplatePlaceholder } from './listing-templates.ts';
import { OPTION_WORDS } from './option-words.ts';

/** The language of the listings' text: the marketplace's. */
export const LISTING_LOCALE: AppLocale = 'fi';

/** The fields a placeholder reads, as a draft holds them. */
export interface ListingFields {
  title?: string | null;
  sku?: string | null;
  condition?: string | null;
  saleMethod?: string | null;
  buyNowPrice?: number | null;
  startingPrice?: number | null;
  categoryId?: number | null;
  quantity?: number | null;
  deliveryPrice?: number | null;
}

const money = createFormatter(LISTING_LOCALE).money;
const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A condition's word in the listing's language, as it reads inside a sentence ("kunto hyvä"). */
export function listingCondition(condition: string): string {
  const words = (OPTION_WORDS.condition as Record<string, { fi: string; en: string }>)[condition];
  return words ? words[LISTING_LOCALE].toLocaleLowerCase(LISTING_LOCALE) : condition;
}

/** A placeholder's text for a draft, in the listing's language; null when its field is empty. */
export function listingPlaceholderValue(name: TemplatePlaceholder, fields: ListingFields, categoryTitle: (id: number) => string | undefined): string | null {
  switch (name) {
    case 'title': return fields.title ?? null;
    case 'sku': return fields.sku ?? null;
    case 'condition': return fields.condition ? listingCondition(fields.condition) : null;
    case 'price': {
      const price = fields.saleMethod === 'auction' ? fields.startingPrice : fields.saleMethod === 'buy-now' ? fields.buyNowPrice : null;
      return typeof price === 'number' ? money(price) : null;
    }
    case 'category': return typeof fields.categoryId === 'number' ? (categoryTitle(fields.categoryId) ?? null) : null;
    case 'quantity': return typeof fields.quantity === 'number' ? String(fields.quantity) : null;
    case 'deliveryPrice': return typeof fields.deliveryPrice === 'number' ? money(fields.deliveryPrice) : null;
    default: {
      const never: never = name;
      return never;
    }
  }
}

/** The template's own euro signs beside a money placeholder, which carries its sign. */
const EURO_AFTER = /\{(price|deliveryPrice)\}(?:[ \u00a0\u202f]*(?:€|EUR\b|euroa\b|e\b))/g;
const EURO_BEFORE = /(?:€|EUR)[ \u00a0\u202f]*\{(price|deliveryPrice)\}/g;

/** A template's text with the euro signs it writes beside {price} or {deliveryPrice} taken out. */
export function withoutDoubledEuro(html: string): string {
  return html.replace(EURO_AFTER, '{$1}').replace(EURO_BEFORE, '{$1}');
}

/** Whether a text holds a placeholder still to fill. */
export function hasPlaceholders(html: string): boolean {
  return [...html.matchAll(/\{(\w+)\}/g)].some((m) => isTemplatePlaceholder(m[1] ?? ''));
}

/**
 * A description with its placeholders filled from the draft's fields, in the listing's language;
 * `empty` collects the placeholders whose field was empty (their part of the sentence is left out).
 */
export function fillListingText(html: string, fields: ListingFields, categoryTitle: (id: number) => string | undefined, empty?: TemplatePlaceholder[]): string {
  let text = withoutDoubledEuro(html);
  // A condition that starts a sentence, a line or follows a colon is capitalised ("Kunto: Hyvä."),
  // one inside a sentence is not ("kunto hyvä").
  const condition = fields.condition ? listingCondition(fields.condition) : null;
  if (condition) {
    const capital = escapeHtml(condition.charAt(0).toLocaleUpperCase(LISTING_LOCALE) + condition.slice(1));
    text = text.replace(/(^|[.!?:]\s*|>\s*)\{condition\}/g, (_whole, before: string) => before + capital);
  }
  return fillTemplate(text, (name) => {
    const value = listingPlaceholderValue(name, fields, categoryTitle);
    if ((value === null || value === '') && empty) empty.push(name);
    return value;
  });
}
