// The drafts a bulk change cannot be applied to, shared by the bulk edit and rules dialogs: the
// whole change is refused, so the seller sees the first ten with their reasons, in their words.
import { describeRefusedItem, type ProblemLike } from '../i18n/describe-error.ts';
import { useMessage, useT } from '../i18n/intl.ts';

interface Refused {
  localId: number;
  problems?: readonly ProblemLike[];
  detail?: { reason: string; params?: Record<string, string | number> };
}

export function RefusedDrafts({ refused, what }: { refused: readonly Refused[]; what: 'values' | 'rules' }) {
  const t = useT();
  const say = useMessage();
  if (refused.length === 0) return null;
  return (
    <div className="refused" role="alert">
      <p>{t('bulk.refused', { count: refused.length, what })}</p>
      <ul>{refused.slice(0, 10).map((r) => <li key={r.localId}>{t('bulk.refused.item', { id: r.localId, reason: say(describeRefusedItem(r)) })}</li>)}</ul>
    </div>
  );
}
