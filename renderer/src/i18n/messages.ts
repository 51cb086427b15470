// The message ids and catalogs, and the descriptor a store keeps instead of a finished sentence:
// a store that says `{ id: 'drafts.published', values: { count } }` is rendered in the language in
// use when it shows, and again when the seller switches language.
import type { AppLocale } from '../../../shared/format/app-locale.ts';
import { en } from './catalogs/en/index.ts';
import { fi } from './catalogs/fi/index.ts';

export type MessageId = keyof typeof en;
/** A value of a message: a Msg is put into words first (a field's label inside an error). */
export type MessageValue = string | number | Date | null | undefined | Msg;
export type MessageValues = Record<string, MessageValue>;

/** A message not yet put into words: what stores hold for notices and errors. */
export interface Msg {
  id: MessageId;
  values?: MessageValues;
}

export const msg = (id: MessageId, values?: MessageValues): Msg => (values ? { id, values } : { id });

export const CATALOGS: Record<AppLocale, Record<MessageId, string>> = { en, fi };

// Typed ids for react-intl's own API (FormattedMessage, intl.formatMessage).
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
