// A cache written before the rules had the app's type (cache step 25 and older, and every backup
// of one) holds the marketplace's /1.1 settings document in user_settings. settings-cache reads it
// through api/rules-mapping.ts as the ListingRules written now: a seller who opens the app offline
// after the upgrade keeps validating against their own rules until the next sync.
import { describe, expect, it } from 'vitest';
import { listingRulesOf } from '../../electron/core/api/rules-mapping.ts';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { cachedValidationContext } from '../../electron/core/drafts/draft-writes.ts';
import type { DraftFields } from '../../electron/core/drafts/fields.ts';
import { validateDraft } from '../../electron/core/validation/validate-draft.ts';
import { completeBuyNow, openTempDb, privateSellerRules, privateSellerSettings } from './support.ts';

const keys = (draft: Record<string, unknown>, db: ReturnType<typeof openTempDb>['db'], imageCount?: number) =>
  validateDraft(draft as DraftFields, { ...cachedValidationContext(db), ...(imageCount !== undefined ? { imageCount } : {}) })
    .map((p) => `${p.field} ${p.rule}`);

describe('the cached listing rules', () => {
  it('read a /1.1 settings document stored by an older version as the rules, and validate a draft offline with them', () => {
    const { db } = openTempDb();
    const old = privateSellerSettings();
    old.item.image = { ...old.item.image, max: 2 };
    db.prepare('INSERT INTO user_settings (id, json, fetched_at) VALUES (1, ?, ?)').run(JSON.stringify(old), 1);
    expect(settingsCache(db).rules()).toEqual(listingRulesOf(old));
    expect(keys(completeBuyNow(), db, 1)).toEqual([]);
    // The seller's own rules, not only the fixed ones: a private seller may not set a VAT rate,
    // must give a condition, and has at most the two photos of the stored document.
    expect(keys({ ...completeBuyNow(), vat: 24, condition: null }, db, 3).sort()).toEqual(['condition required', 'images images-max', 'vat not-allowed']);
    expect(keys({ ...completeBuyNow(), openDays: 31 }, db)).toEqual(['openDays between']);
  });

  it('store the app\'s shape from then on, and read a copy that is neither shape as absent', () => {
    const { db } = openTempDb();
    settingsCache(db).saveRules(privateSellerRules(), 2);
    const stored = JSON.parse(db.prepare('SELECT json FROM user_settings WHERE id = 1').pluck().get() as string) as Record<string, unknown>;
    expect(stored).not.toHaveProperty('item');
    expect(settingsCache(db).rules()).toEqual(privateSellerRules());
    db.prepare('UPDATE user_settings SET json = ? WHERE id = 1').run(JSON.stringify({ item: { title: 'damaged' } }));
    expect(settingsCache(db).rules()).toBeNull();
    expect(keys({ title: 'x'.repeat(61) }, db)).toContain('title max-length'); // only the fixed rules apply
  });
});
