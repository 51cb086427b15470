// 4.9 users: the user (2.7, with its visibility rules) and the user's item settings (2.9).
import { ErrorBody, User, UserIdParams, UserSettings, type UserRole } from '../../shared/api/index.ts';
import { areTradingPartners } from '../domain/trades.ts';
import { itemRules } from '../domain/user-rules.ts';
import { findUserById, toAuthUser, type UserRow } from '../domain/users.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { optionalUser, requireSelf } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { linksFor, type LinkBuilder } from '../http/links.ts';
import type { Service } from '../service.ts';

export function registerUsersRoutes(app: App, service: Service): void {
  app.get('/1.1/users/:userid', {
    schema: {
      summary: 'Get a user',
      description: `The user (2.7). A token is optional (an invalid one is a 403). \`lastLogin\` is shown only to
the user themself; \`address\` only to the user themself and to trading partners (users who have sold
to, or bought from, this user). Both are left out of the response, not set to null, for everyone else.
Decision: \`lastLogin\` is null for a user who has never logged in.`,
      tags: ['users'],
      params: UserIdParams,
      response: { 200: User, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (request) => {
      const viewer = optionalUser(request, service);
      const row = findUserById(service.db, request.params.userid);
      if (!row) throw notFound(`user ${request.params.userid}`);
      const isSelf = viewer?.id === row.id;
      const seesAddress = viewer !== null && (isSelf || areTradingPartners(service.db, viewer.id, row.id));
      return userView(row, linksFor(request, service), service, { lastLogin: isSelf, address: seesAddress });
    },
  });

  app.get('/1.1/users/:userid/settings', {
    schema: {
      summary: 'Get the user\'s item creation rules',
      description: `Token required (403 without or invalid); only the user themself (403 for anyone else).
These are the rules item create, edit and publish enforce. Decisions: regular users (role private)
have 0-10 images, quantity 1-100, openDays auction 1-14 and buy-now 1-30; premium users (role
powerseller) 0-20 images, quantity 1-1000, auction 1-30, buy-now 1-90 days, and may (for auctions:
must) set minimumIncrease, and may set identificationRequired, minimumFeedback, republish and
reservePrice; company users (type company) may set vat and marginalTax. openDays.isRequired means the
item needs openDays or closingTime; quantity.isRequired applies to buy-now (an auction has 1);
minimumIncrease.isRequired applies to auctions. \`hybrid\` is listed but not allowed: the method no
longer exists. Extensions: vat, marginalTax, reservePrice, paymentTerms, offersAllowed.`,
      tags: ['users'],
      security: TOKEN_SECURITY,
      params: UserIdParams,
      response: { 200: UserSettings, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (request) => {
      requireSelf(request, service, request.params.userid);
      const row = findUserById(service.db, request.params.userid);
      if (!row) throw notFound(`user ${request.params.userid}`);
      return { item: itemRules(toAuthUser(row)), updated: service.tz.format(row.updated) };
    },
  });
}

function userView(row: UserRow, links: LinkBuilder, service: Service, shows: { lastLogin: boolean; address: boolean }): User {
  const base = `/users/${row.id}`;
  return {
    id: row.id,
    username: row.username,
    type: row.type,
    description: row.description,
    roles: JSON.parse(row.roles) as UserRole[],
    ...(shows.lastLogin ? { lastLogin: row.last_login === null ? null : service.tz.format(row.last_login) } : {}),
    ...(shows.address
      ? {
          address: {
            email: row.email,
            fullName: row.full_name,
            mobile: row.mobile,
            telephone: row.telephone,
            street: row.street,
            town: row.town,
            zip: row.zip,
          },
        }
      : {}),
    links: {
      alternative: links.page(base),
      favorites: links.api(`${base}/favorites`),
      feedbacks: links.api(`${base}/feedbacks`),
      purchases: links.api(`${base}/purchases`),
      sales: links.api(`${base}/sales`),
      self: links.api(base),
      settings: links.api(`${base}/settings`),
    },
    updated: service.tz.format(row.updated),
  };
}
