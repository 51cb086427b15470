// Messages with markup: `<k>Ctrl</k>` becomes a <kbd>, `<b>12</b>` a <strong>. The tags are
// in the message, so a translation may move them; the values are put into words as in useT.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId, MessageValues } from './messages.ts';
import { useT } from './intl.ts';

const TAGS = {
  k: (chunks: ReactNode[]) => <kbd>{chunks}</kbd>,
  b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
};

export function Rich({ id, values }: { id: MessageId; values?: MessageValues }) {
  const t = useT();
  // Nested messages (a field's label) are worded first, as translate() does.
  const words: Record<string, string | number | Date | null | undefined> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    words[name] = typeof value === 'object' && value !== null && !(value instanceof Date) ? t(value.id, value.values) : value;
  }
  return <FormattedMessage id={id} values={{ ...words, ...TAGS }} />;
}
