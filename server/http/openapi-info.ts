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
`.trim(),
};
