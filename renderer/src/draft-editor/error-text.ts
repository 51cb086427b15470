// The one place the seller screens (questions, offers, sales, the editor) put a core error into
// words: the error describer's sentence (i18n/describe-error.ts), in the language in use.
import { useT } from '../i18n/intl.ts';
import type { Msg } from '../i18n/messages.ts';
import { isMsg, type ErrorInfo } from './error-info.ts';

/** A Msg or a core error in words, in the language in use. */
export function useSaid(): (said: Msg | ErrorInfo) => string {
  const t = useT();
  return (said) => (isMsg(said) ? t(said.id, said.values) : t(said.said.id, said.said.values));
}
