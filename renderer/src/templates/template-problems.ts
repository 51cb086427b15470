// A refused template in words: the store keeps codes (templates-store.ts), screens word them.
import type { Translate } from '../i18n/intl.ts';
import type { MessageId } from '../i18n/messages.ts';
import { fieldLabelId } from '../i18n/translate.ts';
import type { TemplateProblem } from './templates-store.ts';

export function problemText(t: Translate, problem: TemplateProblem): string {
  switch (problem.code) {
    case 'placeholder': return t('templates.problem.placeholder', { count: problem.names.length, names: problem.names.map((n) => `{${n}}`).join(', ') });
    case 'value': return t('templates.problem.value', { field: t(fieldLabelId(problem.field)) });
    case 'other': return t('templates.problem.other', { message: problem.message });
    default: return t(`templates.problem.${problem.code}` as MessageId);
  }
}
