// Offers inbox: open offers across items with the amount against the current and buy-now price
// and the time left; accept or refuse one or many, after a confirmation that says what it does.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { euro, timeLeft } from '../navigation/live-store.ts';
import { decisionSummary, type OffersStore } from './offers-store.ts';

export function OffersInbox({ store }: { store: OffersStore }) {
  const rows = useStore(store, (s) => s.rows);
  const loaded = useStore(store, (s) => s.loaded);
  const selected = useStore(store, (s) => s.selected);
  const confirming = useStore(store, (s) => s.confirming);
  const notice = useStore(store, (s) => s.notice);
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  const open = rows.filter((r) => !r.pendingDecision);
  const now = Date.now();
  return (
    <section className="screen" aria-labelledby="offers-title">
      <header className="screen-head">
        <h2 id="offers-title">Offers</h2>
        <span className="count">{open.length} open</span>
        <span className="spacer" />
        <button type="button" disabled={selected.length === 0} onClick={() => store.getState().ask('accepted', selected)}>Accept selected ({selected.length})</button>
        <button type="button" disabled={selected.length === 0} onClick={() => store.getState().ask('refused', selected)}>Refuse selected</button>
      </header>
      {notice && <p className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>{notice.text}</p>}
      {loaded && rows.length === 0 && <p className="empty">No open offers.</p>}
      {rows.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th><input type="checkbox" aria-label="Select all open offers" checked={open.length > 0 && selected.length === open.length} onChange={(e) => store.getState().selectAll(e.target.checked)} /></th>
              <th>Item</th><th className="num">Offer</th><th className="num">Current</th><th className="num">Buy now</th><th>From</th><th>Time left</th><th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const against = r.saleMethod === 'buy-now' ? r.buyNowPrice : r.currentPrice;
              const ratio = against ? Math.round((r.amount / against) * 100) : null;
              return (
                <tr key={r.offerId} data-offer-id={r.offerId} data-item-id={r.itemId}>
                  <td><input type="checkbox" aria-label={`Select offer on ${r.title ?? 'item'}`} disabled={Boolean(r.pendingDecision)} checked={selected.includes(r.offerId)} onChange={() => store.getState().toggle(r.offerId)} /></td>
                  <td>{r.title ?? '—'}{r.message && <div className="sub">“{r.message}”</div>}</td>
                  <td className="num"><strong>{euro(r.amount)}</strong>{ratio !== null && <div className={`sub ${ratio >= 100 ? 'good' : ratio < 80 ? 'low' : ''}`}>{ratio} % of {r.saleMethod === 'buy-now' ? 'buy now' : 'current'}</div>}</td>
                  <td className="num">{euro(r.currentPrice)}</td>
                  <td className="num">{euro(r.buyNowPrice)}</td>
                  <td>{r.author}</td>
                  <td>{timeLeft(r.expiresAt, now)}</td>
                  <td className="actions">
                    {r.pendingDecision ? (
                      <span className="badge warn" title="Saved on this computer, not yet on the marketplace">{r.pendingDecision}, waiting to sync</span>
                    ) : (
                      <>
                        <button type="button" onClick={() => store.getState().ask('accepted', [r.offerId])}>Accept</button>
                        <button type="button" onClick={() => store.getState().ask('refused', [r.offerId])}>Refuse</button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {confirming && (
        <ConfirmDialog
          text={decisionSummary(confirming.decision, rows.filter((r) => confirming.offerIds.includes(r.offerId)))}
          action={confirming.decision === 'accepted' ? 'Accept' : 'Refuse'}
          onConfirm={() => void store.getState().confirm()}
          onCancel={() => store.getState().cancel()}
        />
      )}
    </section>
  );
}

function ConfirmDialog({ text, action, onConfirm, onCancel }: { text: string; action: string; onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="dialog confirm" aria-labelledby="confirm-title" onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h3 id="confirm-title">{action} offers</h3>
      <p>{text}</p>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>Cancel</button>
        <button type="button" className="primary" onClick={onConfirm}>{action}</button>
      </div>
    </dialog>
  );
}
