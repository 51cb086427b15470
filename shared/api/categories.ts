import { z } from 'zod';
import { DecimalNumber, Timestamp, Url } from './common.ts';

/**
 * Extension: the category's English name beside its Finnish `title`, for an app shown in English.
 * Optional: absent where the service has none (a tree seeded before the names, a service without
 * them), so a client reading it still takes any older answer.
 */
const TitleEn = z.string().optional();

/** 2.6: a category in a listing; `categories` holds children when max-depth asks for them. */
export interface CategoryNode {
  id: number;
  title: string;
  titleEn?: string | undefined;
  links: { self: string; items: string; subcategories: string };
  categories?: CategoryNode[] | undefined;
}
export const CategoryNode: z.ZodType<CategoryNode> = z
  .object({
    id: z.number().int(),
    title: z.string(),
    titleEn: TitleEn,
    links: z.object({ self: Url, items: Url, subcategories: Url }),
    get categories() {
      return z.array(CategoryNode).optional();
    },
  })
  .meta({ id: 'CategoryNode' });

export const CategoryListing = z.object({
  categories: z.array(CategoryNode),
  id: z.literal(0),
  links: z.object({ items: Url, self: Url }),
  title: z.string(),
  updated: Timestamp,
});
export type CategoryListing = z.infer<typeof CategoryListing>;

/** 2.6: a single category; its `links.items` is an object of listings. */
export const SingleCategory = z.object({
  id: z.number().int(),
  title: z.string(),
  titleEn: TitleEn,
  /** Extension: 1, 2 or 3. */
  level: z.number().int().min(1).max(3),
  /** Extension: the parent's id (0 for main categories). */
  parentId: z.number().int(),
  links: z.object({
    self: Url,
    items: z.object({ open: Url, closed: Url, closing: Url, recent: Url, gallery: Url }),
    subcategories: Url,
    parent: Url,
    /** Extension: the category's public web page. */
    alternative: Url.optional(),
  }),
  categories: z.array(CategoryNode),
  updated: Timestamp,
});
export type SingleCategory = z.infer<typeof SingleCategory>;

export const CategoryListingQuery = z.object({
  'max-depth': DecimalNumber.pipe(z.number().int().min(1).max(3)).optional(),
});
