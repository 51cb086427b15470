// The market research port: what research needs from a marketplace, in the app's own words (no
// REST shape passes it). The /1.1 client's adapter is electron/core/api/closed-sales-adapter.ts;
// another marketplace would be another adapter. The port's search matches as the service's
// `words` does: every word of `words` must occur in the title or description (diacritics
// folded), and the LAST word also matches as a prefix, so the research puts the shared part of a
// Finnish word's forms last (finnish-words.ts).
import type { Condition, SaleMethod } from '../../../shared/items/item-fields.ts';

export interface ClosedSalesQuery {
  /** Words, the last one also matched as a prefix. */
  words: string;
  /** A category (and everything under it); absent: every category. */
  categoryId?: number;
  /** Only items of this condition. */
  condition?: Condition;
}

export interface ClosedSale {
  id: number;
  title: string;
  /** The leaf the item was listed in; null when the marketplace does not say. */
  categoryId: number | null;
  /** Its name as the marketplace gives it. */
  categoryName: string;
  saleMethod: SaleMethod | null;
  /** The final price: the winning bid or the buy-now price; the standing price of an unsold one. */
  price: number;
  bids: number;
  /** Bids that met the reserve (or none was set): the item sold. */
  sold: boolean;
  /** Epoch ms; null when not given. */
  closedAt: number | null;
}

export interface ClosedSalesPage {
  /** The newest matching closed items, newest first (at most one page). */
  sales: ClosedSale[];
  /** How many closed items match in all. */
  total: number;
}

export interface MarketResearchPort {
  /** One request to the marketplace. Throws the client's ApiError (a 429 carries its Retry-After). */
  closedSales(query: ClosedSalesQuery, options?: { signal?: AbortSignal }): Promise<ClosedSalesPage>;
}
