// The OpenAPI document's front matter: every service-wide decision on what the interface
// document leaves "not shown". Per-endpoint decisions are in each route's description.
export const OPENAPI_INFO = {
  title: 'Marketplace service',
  version: '1.1',
  description: `
Implementation of the marketplace REST interface, version prefix /1.1.

Service-wide decisions (the interface document says "not shown"):
- Error body: {"errors":[{"field": <name or null>, "code": <machine code>, "messages": [<text>]}]}, one entry per bad field.
- Status codes: 400 validation (one entry per field); 403 token missing, invalid or expired, or the caller does not own the resource; 404 unknown id (also an unknown category, and a path id that is not a positive integer); 409 the item's state forbids the change, or the 10-draft limit is reached; 413 image over 8 MB; 415 unsupported body type; 429 rate limited, with Retry-After (seconds).
- Token: 32 lowercase hex characters, valid one hour from issue, sent in X-MarketApiToken. Required for every write (create item, bids, offers, questions, favorites) and for settings, purchases and sales. Read endpoints work without a token; a token that is sent but invalid answers 403 there too, so a client learns its token expired.
- Rate limits: per token (per client address without one), a fixed window of one minute; the limit is a service setting (default 3000 requests a minute).
- Timestamps: responses use YYYY-MM-DDTHH:MM:SS+hhmm in the service time zone (default Europe/Helsinki); request times YYYY-MM-DD HH:MM:SS are read in that zone.
- Request bodies: JSON or form-encoded; arrays as JSON arrays or repeated keys; numeric strings are accepted for numbers; unknown fields are ignored.
- Paths answer with and without a trailing slash.
- Compatibility: additive changes (new fields, new optional parameters, new endpoints) are made within /1.1; anything that removes or changes the meaning of a field needs a new version prefix. Extensions are marked "Extension" in descriptions.
- Events: none; clients poll (the service has no push channel).
- Sync extension (for clients that keep a copy of a seller's shop): item list elements carry \`updated\` (when the item last changed); GET /1.1/users/{userid}/sales takes \`changedSince\`; GET /1.1/users/{userid}/activity is one paged feed of the questions and offers on the seller's items since a time. A client detects it by \`updated\` on list elements; a service without it ignores \`changedSince\` and answers 404 on the feed.
- Ids, as on the real marketplace: users have 7 digits (from 1000001), items 9 digits (from 600000001), images 8 digits (from 40000001), from the first row of a new database; main categories are small numbers from 1, their sections main*100+j and subcategories section*100+k. Ids are never reused after a delete. A database made before these ranges keeps its existing ids; its new rows are numbered in the ranges.

Deviations from the real marketplace that remain, and why:
- Unknown category id: the real service answers 200 with \`id\` null (and a category item list of an unknown id lists items anyway); this service answers 404 (code \`not_found\`, field \`categoryid\`) on GET /1.1/categories/{id}, its subcategories, its item lists and its gallery. Kept because every other unknown id answers 404 here, and a 404 tells a client (or a spreadsheet carrying category ids over) that its id is wrong instead of handing it an empty category it could list items under. A client that tests \`id\` for null should test for the 404.
- The token header is X-MarketApiToken; the real service's header carries its own name, so a client changes that name and the base URL.
`.trim(),
};
