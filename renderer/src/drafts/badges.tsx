// Per-row badges: the sync state in words, and the offline validation result.
import type { DraftRow, IpcProblem } from '../../../shared/ipc.ts';

const SYNC_LABELS: Record<DraftRow['syncState'], string> = {
  'local-only': 'Only on this computer',
  queued: 'Waiting to sync',
  sending: 'Sending…',
  'outcome-unknown': 'Checking…',
  synced: 'On the marketplace',
  rejected: 'Rejected',
  conflict: 'Conflict',
};
const SYNC_SHORT: Record<DraftRow['syncState'], string> = {
  'local-only': 'local only', queued: 'queued', sending: 'sending', 'outcome-unknown': 'verifying', synced: 'synced', rejected: 'rejected', conflict: 'conflict',
};

export function SyncBadge({ row }: { row: DraftRow }) {
  const title = row.syncState === 'rejected' && row.rejectReason ? `${SYNC_LABELS.rejected}: ${row.rejectReason}` : SYNC_LABELS[row.syncState];
  return <span className={`badge sync-${row.syncState}`} title={title}>{SYNC_SHORT[row.syncState]}</span>;
}

export function ProblemBadge({ problems }: { problems: readonly IpcProblem[] }) {
  const errors = problems.filter((p) => p.code !== 'required');
  const missing = problems.filter((p) => p.code === 'required');
  if (problems.length === 0) return <span className="badge ok" title="Ready to publish">ready</span>;
  const title = problems.map((p) => `${p.field}: ${p.message}`).join('\n');
  if (errors.length > 0) return <span className="badge bad" title={title}>{errors.length} error{errors.length === 1 ? '' : 's'}</span>;
  return <span className="badge warn" title={title}>{missing.length} missing</span>;
}
