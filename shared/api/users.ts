// 2.7 user, 2.8 feedback list, 2.9 settings, 2.10 favorite add result.
import { z } from 'zod';
import { FormInt, PageLinks, Timestamp, Url } from './common.ts';
import { UserRole, UserType } from './enums.ts';
import { ItemSummary } from './items.ts';

export const Address = z.object({
  email: z.string(),
  fullName: z.string(),
  mobile: z.string(),
  telephone: z.string().nullable(),
  street: z.string(),
  town: z.string(),
  zip: z.string(),
});
export type Address = z.infer<typeof Address>;

export const User = z
  .object({
    id: z.number().int(),
    username: z.string(),
    type: UserType,
    description: z.string().nullable(),
    roles: z.array(UserRole),
    /** Only to the user themself. */
    lastLogin: Timestamp.nullable().optional(),
    /** Only to the user themself and to trading partners. */
    address: Address.optional(),
    links: z.object({
      alternative: Url,
      favorites: Url,
      feedbacks: Url,
      purchases: Url,
      sales: Url,
      self: Url,
      settings: Url,
    }),
    updated: Timestamp,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** 2.9: one item parameter's rule for this user. */
export const ParameterRule = z.object({ isAllowed: z.boolean(), isRequired: z.boolean() });
export const BoundedRule = ParameterRule.extend({ max: z.number().int(), min: z.number().int() });
export type ParameterRule = z.infer<typeof ParameterRule>;
export type BoundedRule = z.infer<typeof BoundedRule>;

export const UserSettings = z
  .object({
    item: z.object({
      closingTime: ParameterRule,
      condition: ParameterRule,
      deliveryMethods: ParameterRule,
      description: ParameterRule,
      identificationRequired: ParameterRule,
      image: BoundedRule,
      listTime: ParameterRule,
      location: ParameterRule,
      mainCategoryId: ParameterRule,
      minimumFeedback: ParameterRule,
      minimumIncrease: ParameterRule,
      openDays: z.object({ auction: BoundedRule, buyNow: BoundedRule, hybrid: BoundedRule }),
      paymentMethods: ParameterRule,
      quantity: BoundedRule,
      republish: ParameterRule,
      saleMethod: ParameterRule,
      sectionCategoryId: ParameterRule,
      subCategoryId: ParameterRule,
      deliveryTerms: ParameterRule,
      title: ParameterRule,
      // Extensions: the other per-user parameters, so settings state every rule create enforces.
      vat: ParameterRule,
      marginalTax: ParameterRule,
      reservePrice: ParameterRule,
      paymentTerms: ParameterRule,
      offersAllowed: ParameterRule,
    }),
    updated: Timestamp,
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettings>;

export const FavoriteInput = z.object({ itemid: FormInt.pipe(z.number().int().positive()) });

export const FavoriteAddResult = z.object({
  items: z.array(ItemSummary),
  links: z.object({ self: Url, user: Url }),
  updated: Timestamp,
});
export type FavoriteAddResult = z.infer<typeof FavoriteAddResult>;

export const Feedback = z.object({
  id: z.number().int(),
  author: z.string(),
  created: Timestamp,
  feedback: z.string(),
  rating: z.number().int().min(-1).max(1),
  /** 1: the author was the buyer; 2: the author was the seller. */
  role: z.number().int(),
  answer: z.string().nullable(),
  links: z.object({ author: Url, item: Url, self: Url, user: Url }),
});
export type Feedback = z.infer<typeof Feedback>;

export const FeedbackList = z.object({
  totalCount: z.number().int(),
  title: z.string(),
  updated: Timestamp,
  links: PageLinks.extend({ user: Url }),
  summary: z.object({
    balance: z.number().int(),
    feedbackCount: z.number().int(),
    negativeCount: z.number().int(),
    neutralCount: z.number().int(),
    positiveCount: z.number().int(),
    negativePercent: z.number().int(),
    neutralPercent: z.number().int(),
    positivePercent: z.number().int(),
  }),
  feedbacks: z.array(Feedback),
});
export type FeedbackList = z.infer<typeof FeedbackList>;
