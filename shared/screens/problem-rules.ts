// What the core hands over instead of English prose when it refuses something: a machine rule
// (with its bounds as params) for a field's value or a draft, and a reason for an error as a
// whole. The renderer puts them into the seller's language (renderer/src/i18n/describe-error.ts,
// the `errors` catalog); the core keeps an English message beside them for logs. Pure: no zod.

/** Why a value or a draft is refused or incomplete (offline validation, bulk edit, import). */
export const PROBLEM_RULES = [
  // One value of one field.
  'not-a-number', // "abc" in a price
  'not-a-whole-number', // 2,5 in a quantity
  'not-text',
  'not-an-option', // { options }
  'not-a-list',
  'not-a-flag',
  'bad-time', // not YYYY-MM-DD HH:MM:SS
  'unsafe-text', // characters the marketplace refuses (HTML tags in a title, control characters)
  'max-length', // { max }
  'min-length', // { min }
  'min', // { min }
  'above', // { min }: more than min, not equal
  'max', // { max }
  // The draft's rules (fields together, the account's settings).
  'required',
  'not-allowed', // not available to this account
  'between', // { min, max }
  'required-for-buy-now',
  'required-for-auction',
  'auction-only', // a reserve or a minimum increase on a buy-now draft
  'quantity-auction', // a quantity above one on an auction
  'below-starting-price', // a reserve below the starting price
  'postal-code-required',
  'postal-code-digits',
  'category-level-3',
  'category-level-2',
  'category-unknown', // { id }: not in the cached tree (import: left empty)
  'images-max', // { max }
  'images-min', // { min }
  'duration-both', // open days and a closing time
  'duration-missing',
  'closing-before-list',
  'republish-min-days', // { days }
  // A spreadsheet being imported.
  'unknown-column', // { column }
  'repeated-column', // { column }
  'no-title-column', // { columns }: no column of the file is mapped to the title (every row would be a blank draft)
  'empty-file',
  'cell-count', // { cells, columns }
  'quote-not-closed',
  'text-after-quote',
  'quote-in-field',
  'not-a-date', // { text }
  'date-does-not-exist', // { text }
  'formula-no-value', // { cell }: a workbook formula without a saved value (import: left empty)
  'formula-error', // { cell, error }: a workbook formula whose value is an error such as #DIV/0! (import: left empty)
  'merged-cell', // { cell, range, from }: a cell a merged range covers took the range's value (import: flagged to check)
  'title-missing', // a row with values but no title (import: refused; a row with no values at all is no row)
  'postal-code-zeros', // { text, value }: a postal code a spreadsheet stripped of its leading zeros ("2100"), read as "02100" (import: flagged to check)
  // A photo being added ({ name }: the file's name).
  'photo-no-path',
  'photo-moved',
  'photo-not-a-file',
  'photo-empty',
  'photo-too-big', // { mb }
  'photo-unreadable',
  'photo-not-an-image',
  'photo-limit', // { max }
  'photo-too-many-pixels', // { megapixels }
  'photo-damaged',
  'photo-not-handed-over', // a path the window wrote, not a file the seller picked, dropped or uploaded
  'photo-private', // the app's own data, or /proc, /sys, /dev, /run
  'photo-disk-full', // the disk is full: nothing was written (issue 24)
  'photo-over-time', // { seconds }: its preparation worker was ended by the time budget
  'photo-over-memory', // its preparation worker ran out of its memory
  // Anything else a value may break.
  'invalid',
] as const;
export type ProblemRule = (typeof PROBLEM_RULES)[number];

/** Bounds and names a rule's sentence needs: `{ max: 60 }`, `{ column: 'Hinta' }`. */
export type ProblemParams = Record<string, string | number>;

/** The errors the core may return across IPC (`{ code, message, field?, reason?, params? }`). */
export const CORE_ERROR_CODES = [
  'not-found', 'state', 'validation', 'unknown-field', 'nothing-to-undo', // drafts, images, accounts
  'invalid-input', 'unknown-method', 'internal', 'cache-too-new', // the dispatcher
  'transport', 'bad-response', // the renderer's bridge
  // The transports' own refusals (web mode's server, Electron's sender check): a request that
  // is not the app window's, or a file too large to stage.
  'too-large', 'forbidden', 'forbidden-host', 'forbidden-origin', 'forbidden-secret', 'forbidden-sender', 'content-type',
  'invalid-json', 'invalid-url', 'invalid-frame', 'method',
  // A call nested deeper than any of the contract, a body the server has no room for now (try
  // again), a request Node's parser refused (issue 37).
  'too-deep', 'busy', 'malformed-request',
  'file-refused', // a spreadsheet that cannot be read
  'folder-refused', // a folder the core will not write into (the backup folder)
  'core-restarted', // the core's process stopped during the call and was started again: try again
] as const;
export type CoreErrorCode = (typeof CORE_ERROR_CODES)[number];

/**
 * What exactly a core error is about, when its code alone says too little to the seller
 * ('state' of what; which thing was not found).
 */
export const CORE_ERROR_REASONS = [
  'item-not-found', // { id }
  'image-not-found', // { id }
  'question-not-found',
  'offer-not-found',
  'account-not-found',
  'edit-status', // { status }: only drafts and previews can be edited
  'publish-status', // { status }
  'close-status', // { status }
  'copy-status', // { status }
  'details-missing', // { count }: items known only from the marketplace's list summaries, their records not read (offline, or asked to wait)
  'delete-status', // { status }
  'images-status', // { status }
  'photo-not-prepared',
  'photo-missing',
  // A spreadsheet by reference (electron/core/spreadsheet/spreadsheet-source.ts).
  'file-no-place', 'file-gone', 'file-not-a-file', 'file-too-large',
  // A file the seller did not hand over (a path the window wrote), or one in a place never read.
  'file-not-handed-over', 'file-private',
  // A spreadsheet refused by the limits of its reading worker (electron/core/spreadsheet/spreadsheet-limits.ts).
  'spreadsheet-damaged', 'spreadsheet-file-too-large', // {} / { megabytes }
  'spreadsheet-part-too-large', // { megabytes }
  'spreadsheet-too-many-rows', 'spreadsheet-too-many-columns', 'spreadsheet-too-many-cells', 'spreadsheet-too-many-strings', // { max }
  'spreadsheet-over-time', // { seconds }
  'spreadsheet-over-memory', // { megabytes }
  'photo-order',
  'question-answered',
  'offer-decided', // { status }
  'answer-length', // { max }
  'no-password-store',
  'no-marketplace', // the local drafts: nothing to sign in to
  'sign-in-refused',
  'not-ready-to-publish',
  'invalid-values',
  'items-refused', // { count }
  'no-rule',
  'canned-answers',
  // Backups, restore and moving an account (electron/core/backup/).
  // The backup folder refused (session/seller-files.ts): typed in Electron or not chosen, the app's data or a system place, missing, a file, read-only.
  'folder-not-chosen', 'folder-private', 'folder-gone', 'folder-not-a-folder', 'folder-not-writable',
  'disk-full', 'backup-failed', 'backup-not-found', 'backup-newer', 'export-newer', 'export-not-ours', 'export-passphrase', 'export-damaged',
  // A backup or an export file is input from outside (backup/adopt-cache.ts): its cache holds a schema object the app
  // never makes ({ name }), a photo is not named as the app names them ({ name }), it is larger than its rows explain,
  // or reading it took too long ({ seconds }); in the backup folder, a link or another user's folder on the way ({ name }).
  'foreign-schema', 'foreign-photo-name', 'file-over-budget', 'file-over-time', 'folder-link',
] as const;
export type CoreErrorReason = (typeof CORE_ERROR_REASONS)[number];
