import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIMPLE_RULE_FIELDS, type ListingRules } from '../../shared/items/listing-rules.ts';
import { DRAFT_FIELDS, type DraftField, type DraftFields } from '../../electron/core/drafts/fields.ts';
import { planEdit } from '../../electron/core/drafts/plan-edit.ts';
import { fieldsForRules, validateDraft, type Problem } from '../../electron/core/validation/validate-draft.ts';
import { completeBuyNow, privateSellerRules } from './support.ts';

const rule = fc.record({ allowed: fc.boolean(), required: fc.boolean() });
const bounded = fc.tuple(rule, fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }))
  .map(([r, a, b]) => ({ ...r, min: Math.min(a, b), max: Math.max(a, b) }));

const settingsArb: fc.Arbitrary<ListingRules> = fc.record({
  ...Object.fromEntries(SIMPLE_RULE_FIELDS.map((f) => [f, rule])) as Record<(typeof SIMPLE_RULE_FIELDS)[number], typeof rule>,
  quantity: bounded, openDays: fc.record({ auction: bounded, 'buy-now': bounded }),
  images: bounded, sectionCategory: rule, subCategory: rule,
});

const time = fc.date({ min: new Date('2024-01-01'), max: new Date('2026-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 19).replace('T', ' '));
/** Plausible values, invalid ones included: the validator must survive anything a user types. */
const VALUES: Record<DraftField, fc.Arbitrary<unknown>> = {
  saleMethod: fc.constantFrom('auction', 'buy-now', 'hybrid'),
  title: fc.string({ maxLength: 70 }),
  description: fc.string({ maxLength: 20 }),
  categoryId: fc.integer({ min: -1, max: 40 }),
  condition: fc.constantFrom('new', 'good', 'broken'),
  buyNowPrice: fc.double({ min: -5, max: 1e5, noNaN: true }),
  startingPrice: fc.double({ min: 0, max: 1e4, noNaN: true }),
  minimumIncrease: fc.double({ min: 0, max: 100, noNaN: true }),
  quantity: fc.integer({ min: -1, max: 120 }),
  openDays: fc.integer({ min: 0, max: 40 }),
  listTime: time,
  closingTime: fc.oneof(time, fc.constant('tomorrow')),
  postalCode: fc.constantFrom('00100', '1234', 'abcde', ''),
  isLocationAbroad: fc.constantFrom(0, 1),
  deliveryMethods: fc.subarray(['pickup', 'shipment']),
  deliveryPrice: fc.double({ min: 0, max: 50, noNaN: true }),
  deliveryTerms: fc.string({ maxLength: 10 }),
  paymentMethods: fc.subarray(['cash', 'wire-transfer', 'mobile-pay', 'shells']),
  paymentTerms: fc.string({ maxLength: 1010 }),
  identificationRequired: fc.constantFrom(0, 1),
  minimumFeedback: fc.integer({ min: 0, max: 10 }),
  republish: fc.constantFrom(0, 1),
  marginalTax: fc.constantFrom(0, 1),
  vat: fc.integer({ min: -1, max: 101 }),
  offersAllowed: fc.constantFrom(0, 1),
  reservePrice: fc.double({ min: 0, max: 1e4, noNaN: true }),
  sku: fc.string({ maxLength: 70 }),
  note: fc.string({ maxLength: 2010 }),
};
const draftArb = fc.record(VALUES, { requiredKeys: [] }) as fc.Arbitrary<DraftFields>;
const fieldArb = fc.constantFrom(...DRAFT_FIELDS);
const keyOf = (p: Problem) => `${p.field}:${p.code}`;

describe('offline validation of drafts (properties)', () => {
  it('never throws, and every problem names its field in the message', () => {
    fc.assert(fc.property(draftArb, fc.option(settingsArb, { nil: null }), fc.nat(20), (draft, settings, imageCount) => {
      const problems = validateDraft(draft, { rules: settings, imageCount, categoryLevel: (id) => (id % 3) + 1 });
      for (const p of problems) {
        expect([...DRAFT_FIELDS, 'images']).toContain(p.field);
        expect(p.message.startsWith(`${p.field}:`)).toBe(true);
      }
    }));
  });

  it('a field the settings forbid is reported when set, and a required one when missing', () => {
    const simple = ['title', 'description', 'condition', 'deliveryTerms', 'paymentTerms', 'vat'] as const;
    fc.assert(fc.property(draftArb, settingsArb, fc.constantFrom(...simple), (draft, settings, field) => {
      const keys = validateDraft(draft, { rules: settings }).map(keyOf);
      const value = draft[field];
      const set = value !== undefined && value !== null && value !== '';
      if (set && !settings[field].allowed) expect(keys).toContain(`${field}:not-allowed`);
      if (!set && settings[field].allowed && settings[field].required) expect(keys).toContain(`${field}:required`);
      if (settings[field].allowed && !settings[field].required) expect(keys).not.toContain(`${field}:required`);
    }));
  });

  it('a title is refused exactly when it is longer than 60 characters', () => {
    fc.assert(fc.property(fc.string({ maxLength: 90 }), (title) => {
      const keys = validateDraft({ title }, { rules: null }).map(keyOf);
      expect(keys.includes('title:invalid')).toBe(title.length > 60);
    }));
  });

  it('quantity and open days of a buy-now item are checked against the seller\'s bounds', () => {
    fc.assert(fc.property(settingsArb, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), (settings, quantity, openDays) => {
      const draft = { ...completeBuyNow(), quantity, openDays } as DraftFields;
      const keys = validateDraft(draft, { rules: settings }).map(keyOf);
      const q = settings.quantity;
      const o = settings.openDays['buy-now'];
      expect(keys.includes('quantity:invalid')).toBe(q.allowed && (quantity < q.min || quantity > q.max));
      expect(keys.includes('openDays:invalid')).toBe(o.allowed && (openDays < o.min || openDays > o.max));
    }));
  });

  it('a complete buy-now draft of a private seller has no problems', () => {
    expect(validateDraft(completeBuyNow() as DraftFields, { rules: privateSellerRules(), imageCount: 1 })).toEqual([]);
  });

  it('planning an edit from only the fields of fieldsForRules, as bulk edits do, refuses exactly what the whole draft refuses', () => {
    fc.assert(fc.property(draftArb, draftArb, fc.uniqueArray(fieldArb, { minLength: 1, maxLength: 4 }), fc.option(settingsArb, { nil: null }), (draft, source, changed, settings) => {
      const values = Object.fromEntries(changed.map((f) => [f, source[f] ?? null])) as DraftFields;
      const ctx = { rules: settings, categoryLevel: (id: number) => (id % 3) + 1 };
      const full = planEdit(draft, values, ctx);
      const needed = fieldsForRules(changed);
      const projected = Object.fromEntries(needed.filter((f) => draft[f] !== undefined).map((f) => [f, draft[f]])) as DraftFields;
      const partial = planEdit(projected, values, ctx);
      expect(partial.refused.map(keyOf).sort()).toEqual(full.refused.map(keyOf).sort());
      expect(partial.changed).toEqual(full.changed);
      // The bulk path: projected rows, no missing fields, single-field rules of changed fields only.
      const bulk = planEdit(projected, values, ctx, false);
      expect(bulk.refused.map(keyOf).sort()).toEqual(full.refused.map(keyOf).sort());
    }), { numRuns: 500 });
  });
});
