// 4.4 items: create, get, edit / set status, delete a draft. (Search, GET /items, is in search.ts.)
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBody, Item, ItemIdParams, ItemInput, LIMITS, type ErrorEntry, type ItemStatus } from '../../shared/api/index.ts';
import { createItem } from '../domain/items/create-item.ts';
import { deleteDraft } from '../domain/items/delete-item.ts';
import { countHit, startHitFlusher } from '../domain/items/hits.ts';
import { findItem } from '../domain/items/item-row.ts';
import { updateItem } from '../domain/items/update-item.ts';
import { ABROAD_LOCATION } from '../domain/postal-codes.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { notFound, validationError } from '../http/errors.ts';
import { linksFor } from '../http/links.ts';
import type { Service } from '../service.ts';
import { createItemResponseCache, serializeItem } from '../views/item-response-cache.ts';
import { itemView } from '../views/item-views.ts';

/** Statuses anyone may see; the others only the seller. */
const PUBLIC_STATUSES = new Set(['published', 'closed']);

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const BODY_RULES = `Body: JSON, form-encoded or multipart fields; arrays as JSON arrays or repeated keys; numeric
strings are read as numbers; unknown fields are ignored. Per-user rules (which parameters are allowed
or required, quantity, image and openDays bounds) are those of GET /users/{id}/settings; a parameter
the settings do not allow is a 400 with code \`not_allowed\`. \`saleMethod: hybrid\` is a 400 with code
\`hybrid_removed\` (the method no longer exists). Decisions: \`categoryId\` may name a category of any
level (unknown: 404); main and section category follow from it. \`location\` is the upper-case town of
the Finnish \`postalCode\` (unknown code: 400 \`unknown_postal_code\`), or the label "${ABROAD_LOCATION}" when
\`isLocationAbroad\` is 1 (then \`postalCode\` is optional and kept unchecked). \`deliveryMethods\` is
optional, as on the real service (the settings say so): an item without it shows \`deliveryMethods: []\`,
and buyers learn how it is delivered from \`deliveryTerms\`. \`openDays\` and
\`closingTime\` are alternatives: sending one clears the other, both at once is a 400; \`listTime\`
(default: when published) goes with either, so \`listTime\`+\`openDays\` closes openDays after listTime.
A closing time must be in the future, after listTime and within the openDays bounds of the sale
method. Auctions: \`startingPrice\` required, quantity is 1, an optional \`buyNowPrice\` must be above
the starting price, \`minimumIncrease\` (premium: required) and \`reservePrice\` (extension, premium,
above the starting price and not above buyNowPrice) are auction-only. Buy-now: \`buyNowPrice\` and
\`quantity\` required; auction-only prices are a 400 \`not_for_sale_method\`, and changing saleMethod
to buy-now clears them unless sent again. Republish needs an item open more than
${LIMITS.republishMinOpenDays} days. Amounts are rounded to cents. Errors come in two rounds: type errors
of the parameters (schema) are answered first, one entry per field; once the types are right, every
rule problem is listed at once.`;

export function registerItemsRoutes(app: App, service: Service): void {
  const hits = startHitFlusher(service.db);
  const responses = createItemResponseCache();
  app.addHook('preClose', async () => hits.stop());

  const view = (request: FastifyRequest, itemId: number, viewerId: number | null) => {
    const item = findItem(service.db, itemId);
    if (!item) throw notFound(`item ${itemId}`);
    return itemView(item, { db: service.db, tz: service.tz, links: linksFor(request, service), viewerId });
  };

  app.post('/1.1/items', {
    schema: {
      summary: 'Create an item',
      description: `Token required (403 without). Without \`status\` the item is created in \`preview\` and
validated in full (400 listing every problem); with \`status: draft\` nothing is required but what is sent
is type-checked, and the seller may have at most ${LIMITS.draftsPerUser} drafts (409 \`draft_limit\`).
Decision: any other \`status\` at creation (\`published\`, \`closed\`, \`waiting\`, \`disabled\`) is a 400
\`status_not_allowed\`: it is a bad parameter, not a state conflict. \`originalId\` copies one of the
seller's closed items (data, duration and images, not its dates) into a new draft; parameters sent
along override the copied data; another seller's item 403, unknown 404, not closed 409
\`original_not_closed\`. Returns 201 with the full item. ${BODY_RULES}`,
      tags: ['items'],
      security: TOKEN_SECURITY,
      body: ItemInput,
      response: { 201: Item, ...errors },
    },
    preValidation: refuseHybrid,
    handler: async (request, reply) => {
      const user = requireUser(request, service);
      const now = service.clock.now();
      // The response is built and checked by the schema inside the write's transaction: a body
      // that cannot be answered undoes the write instead of leaving a committed item behind a 500.
      const body = service.db.transaction(() => {
        const id = createItem(service, user, request.body, now);
        return serializeItem(view(request, id, user.id));
      })();
      return sendSerialized(reply.code(201), body);
    },
  });

  app.get('/1.1/items/:itemid', {
    schema: {
      summary: 'Get an item',
      description: `The full item (2.2). Decisions: items in \`draft\`, \`preview\`, \`waiting\` and \`disabled\` are
seen only by their seller (404 for everyone else); \`reservePrice\` is shown only to the seller. A token
is optional; an invalid one is a 403. Hits for the search sort \`hits\` are counted here (not the
seller's own views), kept in memory and written to the database every few seconds, on close and on
shutdown. The serialized response is kept until the item's row changes (written hits do not count: they
are not part of the item).`,
      tags: ['items'],
      params: ItemIdParams,
      response: { 200: Item, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (request, reply) => {
      const viewer = optionalUser(request, service);
      const { itemid } = request.params;
      const head = service.db.prepare('SELECT seller_id, status, version, created FROM items WHERE id = ?').get(itemid) as
        | { seller_id: number; status: ItemStatus; version: number; created: number }
        | undefined;
      const isSeller = head !== undefined && viewer?.id === head.seller_id;
      if (!head || (!isSeller && !PUBLIC_STATUSES.has(head.status))) throw notFound(`item ${itemid}`);
      if (!isSeller) countHit(service.db, itemid);
      const links = linksFor(request, service);
      // The seller sees private fields (reserve price), so sellers and others are cached apart.
      const variant = `${links.absolute('')}|${isSeller ? 's' : 'o'}`;
      const stamp = { version: head.version, sellerId: head.seller_id, created: head.created };
      let body = responses.get(itemid, variant, stamp);
      if (body === undefined) {
        const item = findItem(service.db, itemid)!;
        body = serializeItem(itemView(item, { db: service.db, tz: service.tz, links, viewerId: viewer?.id ?? null }));
        responses.set(itemid, variant, stamp, body);
      }
      return sendSerialized(reply, body);
    },
  });

  app.put('/1.1/items/:itemid', {
    schema: {
      summary: 'Edit an item, or set its status',
      description: `Token required; only the seller (403). Without \`status\` (or with the item's own status):
a data edit, only in \`draft\` or \`preview\` (409 \`not_editable\`); a preview stays fully valid (400 lists
every problem). With \`status\`: draft→preview (data sent along is applied, then everything saved is
validated), preview→draft (counts toward the ${LIMITS.draftsPerUser}-draft limit, 409 \`draft_limit\`),
preview→published (validates what is saved; only the status changes, other parameters are ignored; a
\`listTime\` in the future publishes into \`waiting\`; listTime/closingTime are fixed from openDays when not
explicit; the current price starts at the starting price), published→closed and, as an extension,
waiting→closed (the seller withdraws a scheduled item). Every other pair is a 409
\`invalid_transition\`; \`waiting\` and \`disabled\` are not settable (400 \`status_not_allowed\`).
\`originalId\` is ignored here. Returns 200 with the full item. ${BODY_RULES}`,
      tags: ['items'],
      security: TOKEN_SECURITY,
      params: ItemIdParams,
      body: ItemInput,
      response: { 200: Item, ...errors },
    },
    preValidation: refuseHybrid,
    handler: async (request, reply) => {
      const user = requireUser(request, service);
      // Built and checked before the commit, as in POST.
      const body = service.db.transaction(() => {
        updateItem(service, user, request.params.itemid, request.body, service.clock.now());
        return serializeItem(view(request, request.params.itemid, user.id));
      })();
      return sendSerialized(reply, body);
    },
  });

  app.delete('/1.1/items/:itemid', {
    schema: {
      summary: 'Delete a draft item',
      description: 'Token required; only the seller (403); only drafts (409 `not_draft`). The item\'s images and their files are removed too. 204 on success.',
      tags: ['items'],
      security: TOKEN_SECURITY,
      params: ItemIdParams,
      response: { 204: z.null().describe('deleted'), 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (request, reply) => {
      const user = requireUser(request, service);
      deleteDraft(service, user.id, request.params.itemid);
      responses.evict(request.params.itemid);
      return reply.code(204).send(null);
    },
  });
}

/** A body already serialized through the Item schema: Fastify sends a JSON-typed string as it is. */
function sendSerialized(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body as unknown as Item);
}

/**
 * `hybrid` would fail the schema as an unknown value; it gets its own message because old clients
 * still send it. The other fields are checked as well so the 400 lists every problem.
 */
async function refuseHybrid(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || (body as Record<string, unknown>).saleMethod !== 'hybrid') return;
  const { saleMethod: _hybrid, ...rest } = body as Record<string, unknown>;
  const entries: ErrorEntry[] = [
    { field: 'saleMethod', code: 'hybrid_removed', messages: ['saleMethod: the hybrid sale method no longer exists; use auction or buy-now'] },
  ];
  const parsed = ItemInput.safeParse(rest);
  if (!parsed.success) {
    const byField = new Map<string, ErrorEntry>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const entry = byField.get(field) ?? { field: field || null, code: 'invalid', messages: [] };
      entry.messages.push(`${field}: ${issue.message}`);
      byField.set(field, entry);
    }
    entries.push(...byField.values());
  }
  throw validationError(entries);
}
