// Extension (sync): one seller-wide feed of what buyers did on the seller's items since a time,
// so a client learns about new questions, answers and offers with one request however many items
// the seller has listed, instead of polling each item's lists.
import { z } from 'zod';
import { PageLinks, Timestamp } from './common.ts';
import { Offer, Question } from './trading.ts';

const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const SellerActivityQuery = z.object({
  /** Entries whose `updated` is at or after this time (the `updated` of an earlier answer, echoed back); absent: all. */
  since: lenient(Timestamp),
  page: lenient(z.coerce.number().int().positive().max(1_000_000)),
});
export type SellerActivityQuery = z.infer<typeof SellerActivityQuery>;

export const SellerActivityEntry = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('question'), updated: Timestamp, question: Question }),
    z.object({ kind: z.literal('offer'), updated: Timestamp, offer: Offer }),
  ])
  .meta({ id: 'SellerActivityEntry' });
export type SellerActivityEntry = z.infer<typeof SellerActivityEntry>;

export const SellerActivity = z
  .object({
    /** Oldest change first; 500 a page. */
    entries: z.array(SellerActivityEntry),
    totalCount: z.number().int(),
    /** The service's time of this answer: pass it as `since` next time (entries changed in that second come again). */
    updated: Timestamp,
    links: PageLinks,
  })
  .meta({ id: 'SellerActivity' });
export type SellerActivity = z.infer<typeof SellerActivity>;

/** The page size of the feed. */
export const SELLER_ACTIVITY_PAGE = 500;

/** A response `Timestamp` (YYYY-MM-DDTHH:MM:SS+hhmm) as epoch milliseconds, or null. */
export function timestampMs(text: string): number | null {
  const ms = Date.parse(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isFinite(ms) ? ms : null;
}
