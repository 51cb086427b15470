// Per-row badges: the sync state in words, and the offline validation result (words from
// grid-text.ts, made once per language).
import type { DraftRow, IpcProblem } from '../../../shared/ipc/contract.ts';
import type { GridText } from './grid-text.ts';

/** An item's marketplace status in words: `waiting` (published with a future list time) is scheduled, never a refusal. */
export function statusText(status: string): string {
  return status === 'waiting' ? 'scheduled' : status;
}

export function SyncBadge({ row, text }: { row: DraftRow; text: GridText }) {
  const sync = text.sync(row);
  return <span className={`badge sync-${row.syncState}`} title={sync.long}>{sync.short}</span>;
}

export function ProblemBadge({ problems, text }: { problems: readonly IpcProblem[]; text: GridText }) {
  const checks = text.checks(problems);
  return <span className={`badge ${checks.kind}`} title={checks.long}>{checks.short}</span>;
}
