// The OpenAPI document's front matter: every service-wide decision on what the interface
// document leaves "not shown". Per-endpoint decisions are in each route's description.
export const OPENAPI_INFO = {
  title: 'Marketplace service',
  version: '1.1',
  description: `
Implementation of the marketplace REST interface, version prefix /1.1.

Service-wide decisions (the interface document says "not shown"):
- Error body: {"errors":[{"field": <name or null>, "code": <machine code>, "messages": [<text>]}]}, one entry per bad field. Also for requests refused before any route runs: a URL that is not validly percent-encoded (400 \`invalid_url\`), a body shorter than its Content-Length or a malformed header (400 \`malformed_request\`), broken JSON or a JSON body with a \`__proto__\` or \`constructor.prototype\` key (400 \`invalid_json\`).
- Status codes: 400 validation (one entry per field); 403 token missing, invalid or expired, or the caller does not own the resource; 404 unknown id (also an unknown category, and a path id that is not a positive integer); 409 the item's state forbids the change, or the 10-draft limit is reached; 413 image over 8 MB; 415 unsupported body type; 421 \`wrong_host\` (see Host); 429 rate limited, with Retry-After (seconds).
- Token: 32 lowercase hex characters, valid one hour from issue, sent in X-MarketApiToken. Required for every write (create item, bids, offers, questions, favorites) and for settings, purchases and sales. Read endpoints work without a token; a token that is sent but invalid answers 403 there too, so a client learns its token expired.
- Logout (extension): DELETE /1.1/authentication revokes the token sent.
- Rate limits: per signed-in user (a valid token), and per client address for requests with a missing or invalid token, so made-up tokens do not escape the limit; a fixed window of one minute; the limit is a service setting (default 3000 requests a minute). Failed logins are limited per account and per address (default 10 and 100 in 15 minutes; see POST /1.1/authentication).
- Idempotency-Key (extension): a POST with a valid token and an \`Idempotency-Key\` header (1 to 255 characters) is done once per user and key for 24 hours: a repeat gets the first 2xx response with \`Idempotent-Replayed: true\`; the same key on another path is a 422 \`idempotency_key_reused\`, a repeat while the first runs a 409 \`idempotency_in_progress\`; refused requests are not kept. A POST without a valid token, and any login, is never stored or replayed (no stored response holds a token).
- Host: when the service is given its public URL (\`--public-url\`), it answers only requests whose Host header names that host (421 \`wrong_host\` otherwise) and builds every link from it; without one, links follow the request's Host. The embedded sandbox of the desktop app answers only its own 127.0.0.1:port.
- Text: titles refuse every control character; other texts a user writes (description, terms, questions, answers, offer messages, feedback) allow tab and line breaks only; bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) are refused everywhere: 400 \`invalid_characters\` naming the field.
- Unpublished items: an item in \`draft\`, \`preview\`, \`waiting\` or \`disabled\` exists only for its seller; for anyone else every resource under it (the item, its images and their files, bids, questions, offers, its web page) answers 404 like an unknown id.
- Multipart bodies are read only once the token is valid (the login, which has no token yet, takes form fields only), and only the image upload takes a file; a file part elsewhere is 400 \`file_not_accepted\`.
- Timestamps: responses use YYYY-MM-DDTHH:MM:SS+hhmm in the service time zone (default Europe/Helsinki); request times YYYY-MM-DD HH:MM:SS are read in that zone and must lie between 1970 and 9999 at a whole-minute offset (Helsinki before 1921 was +01:39:49): other times are a 400 \`invalid_time\` with nothing written. Creating and editing an item build and schema-check the response inside the write's transaction, so a response that cannot be given undoes the write.
- Request bodies: JSON or form-encoded; arrays as JSON arrays or repeated keys; numeric strings in decimal notation are accepted for numbers (hexadecimal, binary, octal and exponent notation are not: \`0x40\` is not 64, in bodies, queries and paths alike); unknown fields are ignored.
- Paths answer with and without a trailing slash.
- Compatibility: additive changes (new fields, new optional parameters, new endpoints) are made within /1.1; anything that removes or changes the meaning of a field needs a new version prefix. Extensions are marked "Extension" in descriptions.
- Events: none; clients poll (the service has no push channel).
- Ids, as on the real marketplace: users have 7 digits (from 1000001), items 9 digits (from 600000001), images 8 digits (from 40000001), from the first row of a new database; main categories are small numbers from 1, their sections main*100+j and subcategories section*100+k. Ids are never reused after a delete. A database made before these ranges keeps its existing ids; its new rows are numbered in the ranges.

Deviations from the real marketplace that remain, and why:
- Unknown category id: the real service answers 200 with \`id\` null (and a category item list of an unknown id lists items anyway); this service answers 404 (code \`not_found\`, field \`categoryid\`) on GET /1.1/categories/{id}, its subcategories, its item lists and its gallery. Kept because every other unknown id answers 404 here, and a 404 tells a client (or a spreadsheet carrying category ids over) that its id is wrong instead of handing it an empty category it could list items under. A client that tests \`id\` for null should test for the 404.
- The token header is X-MarketApiToken; the real service's header carries its own name, so a client changes that name and the base URL.
`.trim(),
};
