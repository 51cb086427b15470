// A private seller allowed up to `max` photos a draft, written to web mode's cache before it
// starts (openApp's prepareData): the photo tests add more photos than a draft takes by default.
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { privateSellerRules } from '../core/fixtures/sellers.ts';

export function photoSeller(max: number): (root: string) => void {
  return (root) => {
    const session = openCoreSession({ root });
    try {
      const settings = privateSellerRules();
      settings.images = { ...settings.images, min: 0, max };
      settingsCache(session.db()).saveRules(settings, Date.now());
    } finally {
      session.close();
    }
  };
}
