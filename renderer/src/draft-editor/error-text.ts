// The one place the seller screens (questions, offers, sales, the editor) put a core error into
// words. Core errors arrive as { code, message, field }; the shell's error describer
// (i18n/describe-error.ts, being built) will word them by code in the seller's language. Until it
// lands this shows the core's sentence inside a sentence of the language in use; switching is a
// change of this file only.
import { useT } from '../i18n/intl.ts';
import type { Msg } from '../i18n/messages.ts';
import { isMsg, type ErrorInfo } from './error-info.ts';

/** A Msg or a core error in words, in the language in use. */
export function useSaid(): (said: Msg | ErrorInfo) => string {
  const t = useT();
  return (said) => (isMsg(said) ? t(said.id, said.values) : t('editor.error', { detail: said.message }));
}
