// The message ids and catalogs, and the descriptor a store keeps instead of a finished sentence:
// a store that says `{ id: 'drafts.published', values: { count } }` is rendered in the language in
// use when it shows, and again when the seller switches language.
//
// Each language's catalog is a file of its own (renderer/catalog-files.ts), loaded when the language
// is first used: the app's script carries neither (the boot script starts loading the seller's
// language as the app runs, renderer/src/main.tsx), so a Finnish seller's window never parses English.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { AppLocale } from '../../../shared/format/app-locale.ts';
import type { en } from './catalogs/en/index.ts';

export type MessageId = keyof typeof en;
/**
 * A language's words for every message: parsed in the built app (renderer/catalog-files.ts, which
 * leaves the ICU parser out of the app's script), as written where the catalog's module is imported
 * as it is (the tests under Node).
 */
export type Catalog = Readonly<Record<MessageId, string>> | Readonly<Record<MessageId, MessageFormatElement[]>>;
/** A value of a message: a Msg is put into words first (a field's label inside an error). */
export type MessageValue = string | number | Date | null | undefined | Msg;
export type MessageValues = Record<string, MessageValue>;

/** A message not yet put into words: what stores hold for notices and errors. */
export interface Msg {
  id: MessageId;
  values?: MessageValues;
}

export const msg = (id: MessageId, values?: MessageValues): Msg => (values ? { id, values } : { id });

const LOADERS: Record<AppLocale, () => Promise<Catalog>> = {
  en: () => import('./catalogs/en/index.ts').then((m) => m.en),
  fi: () => import('./catalogs/fi/index.ts').then((m) => m.fi),
};
const loaded = new Map<AppLocale, Catalog>();
const loading = new Map<AppLocale, Promise<Catalog>>();

/** Loads a language's catalog (once; a failed load is tried again on the next call). */
export function loadCatalog(locale: AppLocale): Promise<Catalog> {
  const done = loaded.get(locale);
  if (done) return Promise.resolve(done);
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then(
      (catalog) => {
        loaded.set(locale, catalog);
        loading.delete(locale);
        return catalog;
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

export const isCatalogLoaded = (locale: AppLocale): boolean => loaded.has(locale);

/** A loaded language's catalog. The app shows no words before its language's catalog is in. */
export function catalogOf(locale: AppLocale): Catalog {
  const catalog = loaded.get(locale);
  if (!catalog) throw new Error(`the ${locale} catalog is not loaded: loadCatalog('${locale}') first`);
  return catalog;
}

/**
 * Whether a string is a message id: an option a later version adds has no words yet and shows as
 * it is. Every catalog has the same ids (the typecheck holds them to the English), so any loaded one
 * answers.
 */
export function isMessageId(id: string): id is MessageId {
  const [catalog] = loaded.values();
  if (!catalog) throw new Error('no catalog is loaded yet');
  return Object.hasOwn(catalog, id);
}

// Typed ids for react-intl's own API (FormattedMessage, intl.formatMessage).
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
