// Item sync states shown in the UI, and how a local change moves them. The sync engine owns the
// moves out of 'queued' (to sending, outcome-unknown, synced, rejected, conflict).
export const SYNC_STATES = ['local-only', 'queued', 'sending', 'outcome-unknown', 'synced', 'rejected', 'conflict'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** Item data may be edited only in these states (the service refuses a data edit in any other status). */
export const EDITABLE_STATUSES: readonly string[] = ['draft', 'preview'];

/**
 * The state after a local change was recorded with its outbox row.
 * - local-only stays local-only: the item exists nowhere else yet, its create is still queued.
 * - synced and rejected become queued: there is something new to send (a rejected change the
 *   user has now edited gets another chance).
 * - sending and outcome-unknown stay: the engine must first learn how the request in flight
 *   ended; the new outbox row waits behind it.
 * - conflict stays until the user resolves it.
 */
export function stateAfterLocalChange(current: SyncState): SyncState {
  switch (current) {
    case 'local-only':
    case 'sending':
    case 'outcome-unknown':
    case 'conflict':
      return current;
    case 'synced':
    case 'rejected':
    case 'queued':
      return 'queued';
    default: {
      const unknown: never = current;
      throw new Error(`unknown sync state ${String(unknown)}`);
    }
  }
}

/** The same rule in SQL, for set-based writes. */
export const SQL_STATE_AFTER_LOCAL_CHANGE =
  `CASE WHEN sync_state IN ('synced','rejected','queued') THEN 'queued' ELSE sync_state END`;
