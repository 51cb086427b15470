// Paths that need an item's whole record read it first (issue 38): an item known only from the
// marketplace's list summary is copied, relisted, exported or made a template of only once its
// record is in the cache. Read through the session's sync port, in parallel under the client's cap.
import { detailsMissing } from '../drafts/status-changes.ts';
import { detailQueue } from '../sync/item-details.ts';
import type { CoreSession } from '../session/core-session.ts';

/** Reads the records these items lack; resolves with the local ids still without one (no marketplace, offline, asked to wait). */
export async function readRecords(session: CoreSession, localIds: readonly number[]): Promise<number[]> {
  const unread = detailQueue(session.db()).unreadOf(localIds);
  if (unread.length === 0) return [];
  const port = session.sync();
  if (!port.readDetails) return unread.map((u) => u.localId);
  return (await port.readDetails(unread.map((u) => u.localId))).missing;
}

/** As readRecords, and refuses (details-missing) while any of them still lacks its record: nothing is made of an unknown field. */
export async function needRecords(session: CoreSession, localIds: readonly number[]): Promise<void> {
  const missing = await readRecords(session, localIds);
  if (missing.length > 0) throw detailsMissing(missing);
}
