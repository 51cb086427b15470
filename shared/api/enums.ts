// Every enumerated value of the interface document, in one place.
import { z } from 'zod';

export const SaleMethod = z.enum(['auction', 'buy-now']);
export type SaleMethod = z.infer<typeof SaleMethod>;

export const Condition = z.enum(['new', 'like-new', 'good', 'acceptable', 'weak']);
export type Condition = z.infer<typeof Condition>;

export const ItemStatus = z.enum(['draft', 'preview', 'published', 'closed', 'disabled', 'waiting']);
export type ItemStatus = z.infer<typeof ItemStatus>;

/** What a status update (PUT /items/{id}) accepts. */
export const SettableStatus = z.enum(['draft', 'preview', 'published', 'closed']);
export type SettableStatus = z.infer<typeof SettableStatus>;

export const DeliveryMethod = z.enum(['pickup', 'shipment']);
export type DeliveryMethod = z.infer<typeof DeliveryMethod>;

export const PaymentMethod = z.enum(['wire-transfer', 'cash', 'mobile-pay']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const Upgrade = z.enum(['list-gallery', 'category-gallery']);
export type Upgrade = z.infer<typeof Upgrade>;

export const UserRole = z.enum(['private', 'powerseller', 'premium-unauthenticated', 'company']);
export type UserRole = z.infer<typeof UserRole>;

export const UserType = z.enum(['private', 'company']);
export type UserType = z.infer<typeof UserType>;

/** The status parameter of PUT /items/{id}/offers/{offerid}. */
export const OfferStatusChange = z.enum(['cancelled', 'accepted', 'refused']);
export type OfferStatusChange = z.infer<typeof OfferStatusChange>;

/** Offer states (not shown in the document; decided here). */
export const OfferState = z.enum(['pending', 'accepted', 'refused', 'cancelled', 'expired']);
export type OfferState = z.infer<typeof OfferState>;

// ---- Search (4.4) ---------------------------------------------------------------------------
export const SearchAddTime = z.enum(['past-day', 'past-2days', 'past-5days', 'past-week']);
export const SearchClosingTime = z.enum(['next-day', 'next-2days', 'next-5days', 'next-week']);
export const SearchCondition = z.enum(['none', 'new', 'like-new', 'good', 'acceptable', 'weak']);
export const SearchSellerType = z.enum(['company', 'user']);
export const SearchSellStyle = z.enum(['all', 'auction', 'buy-now']);
export const SearchSort = z.enum(['hits', 'newest', 'closing', 'lowprice', 'highprice', 'bidders', 'title']);
export const SearchStatus = z.enum(['open', 'closed']);
export const SearchLimit = z.union([z.literal(50), z.literal(500)]);

// ---- Sales and purchases (4.9) --------------------------------------------------------------
export const SalesStatus = z.enum(['all', 'open', 'closed', 'waiting', 'draft']);
export const SalesSort = z.enum(['bidders', 'closing-time', 'current-price', 'list-time']);
export const PurchaseStatus = z.enum(['open', 'closed', 'processing', 'all']);
