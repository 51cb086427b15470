// The public web pages that `links.alternative` points to: small HTML views of an item, a user
// and a category. Every piece of text is escaped (descriptions are shown as plain text, never as
// HTML), and a strict Content-Security-Policy forbids scripts on these pages altogether.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CategoryIdParams, PathId } from '../../shared/api/index.ts';
import { categoryTree } from '../domain/categories.ts';
import { PUBLIC_STATUSES } from '../domain/favorites.ts';
import { visibleItem } from '../domain/items/item-row.ts';
import { optionalUser } from '../http/auth.ts';
import { openItemSql } from '../domain/items/open-closed-sql.ts';
import { stripHtml } from '../domain/text.ts';
import type { App } from '../http/app-types.ts';
import { notFound } from '../http/errors.ts';
import { linksFor, type LinkBuilder } from '../http/links.ts';
import type { Service } from '../service.ts';
import { currentPriceOf } from '../views/item-views.ts';
import { imagesOfItems } from '../domain/images/image-row.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string | number | null | undefined): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function page(reply: FastifyReply, title: string, body: string): string {
  reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}</style></head>
<body>${body}</body></html>
`;
}

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

function categoryTrail(service: Service, links: LinkBuilder, categoryId: number | null): string {
  const path = categoryId === null ? [] : categoryTree(service.db).path(categoryId);
  return [link(links.page('/categories/0'), 'All categories'), ...path.map((c) => link(links.page(`/categories/${c.id}`), c.title))].join(' › ');
}

export function registerWebPagesRoutes(app: App, service: Service): void {
  const html = { 200: z.string(), 404: z.unknown() };
  app.get('/web/items/:id', {
    schema: {
      summary: 'Public web page of an item',
      description: 'HTML. Published and closed items show their details to anyone. An item in any other state is a 404 like an unknown id, except to its seller (X-MarketApiToken), who gets a page saying only that it is not public (200), so the links the seller is given resolve.',
      tags: ['web'],
      params: z.object({ id: PathId }),
      response: html,
    },
    handler: (request, reply) => {
      // A draft's page exists only for its seller (their token); others get the unknown-id 404.
      const item = visibleItem(service.db, request.params.id, optionalUser(request, service)?.id ?? null);
      const links = linksFor(request, service);
      if (!(PUBLIC_STATUSES as readonly string[]).includes(item.status)) {
        return page(reply, `Item ${item.id}`, `<h1>Item ${item.id}</h1><p>This item is not public.</p>`);
      }
      const images = imagesOfItems(service.db, [item.id]).get(item.id) ?? [];
      const price = currentPriceOf(item);
      const body = `
<p>${categoryTrail(service, links, item.category_id)}</p>
<h1>${escapeHtml(item.title)}</h1>
${images.map((img) => `<img alt="" src="${escapeHtml(links.absolute(`/media/images/${img.id}/medium`))}">`).join('\n')}
<dl>
<dt>Status</dt><dd>${escapeHtml(item.status)}</dd>
<dt>Sale method</dt><dd>${escapeHtml(item.sale_method)}</dd>
<dt>Price</dt><dd>${price === null ? '' : escapeHtml(price.toFixed(2))} €</dd>
<dt>Closes</dt><dd>${item.closing_time === null ? '' : escapeHtml(service.tz.format(item.closing_time))}</dd>
<dt>Location</dt><dd>${escapeHtml(item.location)}</dd>
<dt>Seller</dt><dd>${link(links.page(`/users/${item.seller_id}`), item.seller_name)}</dd>
</dl>
<p>${escapeHtml(stripHtml(item.description ?? ''))}</p>`;
      return page(reply, item.title ?? `Item ${item.id}`, body);
    },
  });

  app.get('/web/users/:id', {
    schema: {
      summary: 'Public web page of a user',
      description: 'HTML with the public profile only (no address, no last login). Unknown id: 404.',
      tags: ['web'],
      params: z.object({ id: PathId }),
      response: html,
    },
    handler: (request, reply) => {
      const user = service.db
        .prepare('SELECT id, username, type, description FROM users WHERE id = ?')
        .get(request.params.id) as { id: number; username: string; type: string; description: string | null } | undefined;
      if (!user) throw notFound('user');
      const balance = service.db
        .prepare('SELECT coalesce(sum(rating), 0) AS b FROM feedbacks WHERE receiver_id = ?')
        .pluck()
        .get(user.id) as number;
      const body = `<h1>${escapeHtml(user.username)}</h1>
<p>${escapeHtml(user.type === 'company' ? 'Company seller' : 'Private user')} · feedback ${escapeHtml(balance)}</p>
<p>${escapeHtml(user.description)}</p>`;
      return page(reply, user.username, body);
    },
  });

  app.get('/web/categories/:categoryid', {
    schema: {
      summary: 'Public web page of a category',
      description: 'HTML: the category trail, its subcategories and its newest open items. Id 0 is the root. Unknown id: 404.',
      tags: ['web'],
      params: CategoryIdParams,
      response: html,
    },
    handler: (request, reply) => {
      const id = request.params.categoryid;
      const tree = categoryTree(service.db);
      const row = tree.byId.get(id);
      if (id !== 0 && !row) throw notFound('category');
      const links = linksFor(request, service);
      const children = tree.children.get(id) ?? [];
      const ids = id === 0 ? null : tree.descendants(id);
      const items = service.db
        .prepare(
          `SELECT i.id, i.title FROM items i
            WHERE ${openItemSql()}
              AND (@all = 1 OR i.category_id IN (SELECT value FROM json_each(@ids)))
            ORDER BY i.list_time DESC, i.id DESC LIMIT 20`,
        )
        .all({ now: service.clock.now(), all: ids === null ? 1 : 0, ids: JSON.stringify(ids ?? []) }) as { id: number; title: string | null }[];
      const body = `<p>${categoryTrail(service, links, id === 0 ? null : id)}</p>
<h1>${escapeHtml(row?.title ?? 'All categories')}</h1>
<ul>${children.map((c) => `<li>${link(links.page(`/categories/${c.id}`), c.title)}</li>`).join('')}</ul>
<h2>Newest items</h2>
<ul>${items.map((i) => `<li>${link(links.page(`/items/${i.id}`), i.title ?? `Item ${i.id}`)}</li>`).join('')}</ul>`;
      return page(reply, row?.title ?? 'All categories', body);
    },
  });
}
