// Messages into words inside React: useT, useFormatter, useMessage. They re-render the
// component when the seller switches language. Outside React, see translate.ts.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { Formatter } from '../../../shared/format/formatter.ts';
import { localeStore } from './locale-store.ts';
import type { MessageId, MessageValues, Msg } from './messages.ts';
import { formatMessage, formatterFor } from './translate.ts';

export type Translate = (id: MessageId, values?: MessageValues) => string;

/** `t('common.drafts', { count })` in a component. */
export function useT(): Translate {
  const intl = useIntl();
  return useMemo(() => (id, values) => formatMessage(intl, id, values), [intl]);
}

/** The formatter of the language in use. */
export function useFormatter(): Formatter {
  const locale = useStore(localeStore, (s) => s.locale);
  return formatterFor(locale);
}

/** A Msg from a store, in words. */
export function useMessage(): (message: Msg) => string {
  const t = useT();
  return (message) => t(message.id, message.values);
}
