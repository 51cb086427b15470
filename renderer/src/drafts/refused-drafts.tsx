// The drafts a bulk change cannot be applied to, shared by the bulk edit and rules dialogs: the
// whole change is refused, so the seller sees the first ten with their reasons.
export function RefusedDrafts({ refused, what }: { refused: ReadonlyArray<{ localId: number; reason: string }>; what: string }) {
  if (refused.length === 0) return null;
  return (
    <div className="refused" role="alert">
      <p>{refused.length} draft{refused.length === 1 ? '' : 's'} cannot take {what}; nothing will be changed:</p>
      <ul>{refused.slice(0, 10).map((r) => <li key={r.localId}>Draft {r.localId}: {r.reason}</li>)}</ul>
    </div>
  );
}
