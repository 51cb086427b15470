// Every `code` the service puts into an error body ({ errors: [{ field, code, messages }] }),
// and the codes the app's API client gives failures that never reached the service. The app
// words each one for the seller (renderer/src/i18n/catalogs/*/errors.ts); tests/i18n/error-
// messages.test.ts reads the service's source for codes missing here, so a new code gets words.
export const SERVICE_ERROR_CODES = [
  // A field's value (400).
  'required', 'not_allowed', 'out_of_range', 'too_short_or_small', 'too_long_or_large', 'invalid_type', 'invalid_value',
  'invalid_format', 'invalid_characters', 'invalid', 'invalid_time', 'in_the_past', 'before_list_time', 'conflicting_fields',
  'not_for_sale_method', 'auction_quantity', 'below_starting_price', 'above_buy_now_price', 'too_short_for_republish',
  'category_too_shallow', 'unknown_category', 'unknown_postal_code', 'hybrid_removed',
  // The item's state and the seller's rights (403, 404, 409).
  'not_found', 'not_owner', 'not_draft', 'not_editable', 'status_not_allowed', 'invalid_transition', 'item_state',
  'draft_limit', 'original_not_closed', 'image_limit',
  // Photos and bodies.
  'invalid_image', 'unsupported_image_format', 'unsupported_media_type', 'too_large', 'file_not_accepted',
  'invalid_body', 'invalid_json', 'invalid_multipart', 'invalid_request', 'malformed_request', 'invalid_url', 'headers_too_large',
  // Trading.
  'answer_exists', 'bid_too_low', 'too_low', 'feedback_exists', 'feedback_too_low', 'invalid_amount', 'invalid_range', 'item_closed',
  'item_not_published', 'not_author', 'not_party', 'not_receiver', 'not_seller', 'not_trading_partner', 'offer_limit',
  'offer_not_pending', 'offers_not_allowed', 'own_item', 'quantity_unavailable', 'question_limit', 'sold_out',
  // Signing in, limits, the request itself.
  'invalid_credentials', 'token_invalid', 'token_missing', 'rate_limited', 'timeout', 'wrong_host', 'foreign_origin',
  'idempotency_in_progress', 'idempotency_key_reused', 'invalid_idempotency_key', 'internal',
] as const;
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

/** Failures the app's API client names itself (electron/core/api/api-error.ts, the sync). */
export const CLIENT_ERROR_CODES = ['network', 'timeout', 'bad_response', 'login_refused', 'no_credentials', 'not_confirmed', 'state', 'internal'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
