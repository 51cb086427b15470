// Extension (sync): GET /1.1/users/{userid}/activity, the seller-wide feed of questions and offers
// on the seller's items since a time (shared/api/activity.ts). Registered only while the service
// runs with the extension (a service without it answers 404, which clients take as "absent").
import { ErrorBody, SELLER_ACTIVITY_PAGE, SellerActivity, SellerActivityQuery, timestampMs, UserIdParams } from '../../shared/api/index.ts';
import { sellerActivity } from '../domain/trading/seller-activity.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { requireSelf } from '../http/auth.ts';
import { linksFor } from '../http/links.ts';
import type { Service } from '../service.ts';
import { offerView, pageLinks, paging, questionView } from '../views/trading-views.ts';

export function registerSellerActivityRoutes(app: App, service: Service): void {
  if (!service.config.syncExtension) return;
  app.get('/1.1/users/:userid/activity', {
    schema: {
      summary: "Questions and offers on the seller's items since a time (extension)",
      description:
        'Extension (sync). Needs the token of user `userid` (403 otherwise). Every question (asked or answered) and every offer (made, accepted, refused, cancelled, expired) ' +
        "on the user's items whose last change is at or after `since` (a `Timestamp`; absent: all), oldest change first, 500 a page (`page` from 1). " +
        'Each entry: `kind` (`question` or `offer`), `updated`, and the record as the item\'s own list shows it to the seller. ' +
        'Pass the answer\'s `updated` as the next `since`: entries changed in that same second come again, none is missed.',
      tags: ['users'],
      security: TOKEN_SECURITY,
      params: UserIdParams,
      querystring: SellerActivityQuery,
      response: { 200: SellerActivity, 403: ErrorBody },
    },
    handler: (request) => {
      requireSelf(request, service, request.params.userid);
      const now = service.clock.now();
      const since = request.query.since === undefined ? 0 : (timestampMs(request.query.since) ?? 0);
      const page = paging(request.query.page, SELLER_ACTIVITY_PAGE);
      const { rows, total } = sellerActivity(service.db, request.params.userid, since, page);
      const links = linksFor(request, service);
      const ctx = { tz: service.tz, links };
      return {
        entries: rows.map((e) =>
          e.kind === 'question'
            ? { kind: 'question' as const, updated: service.tz.format(e.updated), question: questionView(e.row, ctx) }
            : { kind: 'offer' as const, updated: service.tz.format(e.updated), offer: offerView(e.row, ctx) },
        ),
        totalCount: total,
        updated: service.tz.format(now),
        links: pageLinks(links, `/users/${request.params.userid}/activity`, { since: request.query.since }, page, total),
      };
    },
  });
}
