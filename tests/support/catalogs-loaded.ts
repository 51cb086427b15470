// Imported by the tests that put messages into words (stores, describers, notifications): both
// languages' catalogs loaded first, as the window loads its language's before it shows anything
// (renderer/src/app-root.tsx).
import { loadCatalog } from '../../renderer/src/i18n/messages.ts';

await Promise.all([loadCatalog('en'), loadCatalog('fi')]);
