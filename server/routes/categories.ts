// 4.3 categories: the listing (2.6) to max-depth levels, single categories, subcategories, and
// the category item lists (open, closed, closing, recent, gallery) answering GET and POST.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DecimalNumber,
  CategoryIdParams,
  CategoryListing,
  type CategoryNode,
  ErrorBody,
  ItemList,
  SearchQuery,
  SingleCategory,
} from '../../shared/api/index.ts';
import { categoryTree, type CategoryRow, type CategoryTree } from '../domain/categories.ts';
import { expandCategories, normalizeSearch, type NormalizedSearch } from '../domain/search/criteria.ts';
import type { App } from '../http/app-types.ts';
import { notFound } from '../http/errors.ts';
import { linksFor, type LinkBuilder } from '../http/links.ts';
import type { Service } from '../service.ts';
import { respondWithList, SEARCH_DECISIONS } from './search.ts';

const ListingQuery = z.object({
  // Decision: a max-depth outside 1..3 (or not a number) is clamped into 1..3, never an error.
  'max-depth': DecimalNumber.pipe(z.number().int()).catch(1).optional().transform((v) => Math.min(3, Math.max(1, v ?? 1))),
});

function node(tree: CategoryTree, row: CategoryRow, links: LinkBuilder, depth: number): CategoryNode {
  const children = tree.children.get(row.id) ?? [];
  return {
    id: row.id,
    title: row.title,
    ...(row.title_en === null ? {} : { titleEn: row.title_en }),
    links: {
      self: links.api(`/categories/${row.id}`),
      items: links.api(`/categories/${row.id}/items`),
      subcategories: links.api(`/categories/${row.id}/subcategories`),
    },
    ...(depth > 1 ? { categories: children.map((c) => node(tree, c, links, depth - 1)) } : {}),
  };
}

/** The listing of a category's children (id 0: the main categories), `depth` levels deep. */
function listing(service: Service, links: LinkBuilder, id: number, depth: number) {
  const tree = categoryTree(service.db);
  const row = id === 0 ? null : tree.byId.get(id);
  if (id !== 0 && !row) throw notFound('category', 'categoryid');
  return {
    categories: (tree.children.get(id) ?? []).map((c) => node(tree, c, links, depth)),
    id,
    links: {
      items: links.api(`/categories/${id}/items`),
      self: id === 0 ? links.api('/categories') : links.api(`/categories/${id}/subcategories`),
    },
    title: row?.title ?? 'All categories',
    updated: service.tz.format(tree.updated || service.clock.now()),
  };
}

function singleCategory(service: Service, links: LinkBuilder, id: number): SingleCategory {
  const tree = categoryTree(service.db);
  const row = tree.byId.get(id);
  if (!row) throw notFound('category', 'categoryid');
  return {
    id: row.id,
    title: row.title,
    ...(row.title_en === null ? {} : { titleEn: row.title_en }),
    level: row.level,
    parentId: row.parent_id,
    links: {
      self: links.api(`/categories/${id}`),
      items: {
        open: links.api(`/categories/${id}/items`),
        closed: links.api(`/categories/${id}/items/closed`),
        closing: links.api(`/categories/${id}/items/closing`),
        recent: links.api(`/categories/${id}/items/recent`),
        gallery: links.api(`/galleries/category/${id}`),
      },
      subcategories: links.api(`/categories/${id}/subcategories`),
      parent: row.parent_id === 0 ? links.api('/categories') : links.api(`/categories/${row.parent_id}`),
      alternative: links.page(`/categories/${id}`),
    },
    categories: (tree.children.get(id) ?? []).map((c) => node(tree, c, links, 1)),
    updated: service.tz.format(row.updated),
  };
}

type Variant = 'open' | 'closed' | 'closing' | 'recent' | 'gallery';

const VARIANTS: { variant: Variant; path: (id: string) => string; summary: string; rule: string }[] = [
  { variant: 'open', path: (id) => `/categories/${id}/items`, summary: 'Items in a category', rule: 'the search parameters apply as they are (status defaults to open)' },
  { variant: 'closed', path: (id) => `/categories/${id}/items/closed`, summary: 'Closed items in a category', rule: 'status is fixed to closed' },
  { variant: 'closing', path: (id) => `/categories/${id}/items/closing`, summary: 'Open items closing soonest', rule: 'status is fixed to open and sort to closing' },
  { variant: 'recent', path: (id) => `/categories/${id}/items/recent`, summary: 'Newest open items in a category', rule: 'status is fixed to open and sort to newest' },
  { variant: 'gallery', path: (id) => `/galleries/category/${id}`, summary: 'Category gallery', rule: 'only items with the category-gallery upgrade; the other parameters apply as they are' },
];

/** The search, bound to the category of the path and to the variant's fixed parameters. */
function categorySearch(query: SearchQuery, tree: CategoryTree, id: number, variant: Variant): NormalizedSearch {
  const search = normalizeSearch(query, tree);
  const { criteria, echo } = search;
  // The path's category replaces any `category` parameter; id 0 is the root: every category.
  criteria.categoryIds = id === 0 ? null : expandCategories(tree, [id]);
  echo.category = undefined;
  if (variant === 'closed') {
    criteria.status = 'closed';
    echo.status = undefined;
  } else if (variant === 'closing' || variant === 'recent') {
    criteria.status = 'open';
    criteria.sort = variant === 'closing' ? 'closing' : 'newest';
    echo.status = undefined;
    echo.sort = undefined;
  } else if (variant === 'gallery') {
    criteria.galleryOnly = true;
  }
  return search;
}

const LIST_DECISIONS = `
Category item lists answer GET and POST alike (the document lists POST; GET is accepted too). Parameters are the search parameters of GET /1.1/items, read from the query string and, for POST, also from a form or JSON body (the body wins). The category of the path replaces any \`category\` parameter and includes all its descendants; category 0 is the root (every item). Unknown category: 404 (a deviation: the real service lists items anyway; see the document description).
links.gallery is the category gallery (/1.1/galleries/category/{id}: open items with the category-gallery upgrade); links.hits is the search resource for this category (/1.1/items?category={id}), whose default order is by hits.

${SEARCH_DECISIONS}`;

export function registerCategoriesRoutes(app: App, service: Service): void {
  app.get('/1.1/categories', {
    schema: {
      summary: 'Category listing',
      description:
        'The main categories (id 0 is the root) with `max-depth` levels nested in `categories` (1, 2 or 3; default 1). Decision: a max-depth outside 1..3 is clamped into that range, not an error.',
      tags: ['categories'],
      querystring: ListingQuery,
      response: { 200: CategoryListing },
    },
    handler: (request) => listing(service, linksFor(request, service), 0, request.query['max-depth']) as CategoryListing,
  });

  app.get('/1.1/categories/:categoryid', {
    schema: {
      summary: 'A single category',
      description:
        'Single category (2.6). links.items holds the lists open, closed, closing, recent and gallery. Extensions: level, parentId, links.parent, links.alternative (the public web page) and the direct children in `categories`. Id 0 is the root and answers like GET /1.1/categories. Unknown id: 404 (a deviation: the real service answers 200 with a null id; see the document description).',
      tags: ['categories'],
      params: CategoryIdParams,
      querystring: ListingQuery,
      response: { 200: z.union([SingleCategory, CategoryListing]), 404: ErrorBody },
    },
    handler: (request) => {
      const links = linksFor(request, service);
      const id = request.params.categoryid;
      return id === 0 ? (listing(service, links, 0, request.query['max-depth']) as CategoryListing) : singleCategory(service, links, id);
    },
  });

  app.get('/1.1/categories/:categoryid/subcategories', {
    schema: {
      summary: 'Subcategories of a category',
      description:
        'Decision: the shape of the category listing (2.6) with the children of the category, `max-depth` levels deep (default 1; clamped into 1..3); `id` and `title` are those of the category. A level-3 category has an empty list. Unknown id: 404 (a deviation: the real service answers 200 with a null id; see the document description).',
      tags: ['categories'],
      params: CategoryIdParams,
      querystring: ListingQuery,
      response: { 200: CategoryListing.extend({ id: z.number().int() }), 404: ErrorBody },
    },
    handler: (request) => listing(service, linksFor(request, service), request.params.categoryid, request.query['max-depth']),
  });

  for (const { variant, path, summary, rule } of VARIANTS) {
    const handler = (request: FastifyRequest<{ Params: { categoryid: number }; Querystring: SearchQuery; Body?: SearchQuery | null }>) => {
      const id = request.params.categoryid;
      const tree = categoryTree(service.db);
      if (id !== 0 && !tree.byId.has(id)) throw notFound('category', 'categoryid');
      const query = { ...request.query, ...stripUndefined(request.body) };
      const links = linksFor(request, service);
      return respondWithList(request, service, categorySearch(query, tree, id, variant), path(String(id)), {
        gallery: links.api(`/galleries/category/${id}`),
        hits: id === 0 ? links.api('/items') : links.api('/items', { category: id }),
      });
    };
    const schema = {
      summary,
      description: `${summary}: ${rule}.\n\n${LIST_DECISIONS}`,
      tags: ['categories'],
      params: CategoryIdParams,
      querystring: SearchQuery,
      response: { 200: ItemList, 403: ErrorBody, 404: ErrorBody },
    };
    const url = `/1.1${path(':categoryid')}`;
    app.get(url, { schema, handler });
    app.post(url, { schema: { ...schema, body: SearchQuery.nullish() }, handler });
  }
}

function stripUndefined<T extends object>(value: T | null | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
