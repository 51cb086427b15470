// Offers inbox: open offers grouped by item (a heading per item with its picture, prices and
// time left, its offers under it), each offer against the current or buy-now price and with the
// time it expires; accept or refuse one or many, after a confirmation that says what it does.
// From the keyboard: ↑/↓ move between offers, Space selects, A accepts, R refuses (the ticked
// offers when some are, else the focused one).
import { useEffect, useRef, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import { useStore } from 'zustand';
import { useAnnounce } from '../a11y/live-region.tsx';
import type { OfferRow } from '../../../shared/ipc/contract.ts';
import { useSaid } from '../draft-editor/error-text.ts';
import { useFormatter, useT } from '../i18n/intl.ts';
import type { Msg } from '../i18n/messages.ts';
import { decisionSummary, groupByItem, type Decision, type OfferGroup, type OffersStore } from './offers-store.ts';
import './offers.css';

const COLUMNS = 6;

export function OffersInbox({ store }: { store: OffersStore }) {
  const t = useT();
  const said = useSaid();
  const rows = useStore(store, (s) => s.rows);
  const loaded = useStore(store, (s) => s.loaded);
  const selected = useStore(store, (s) => s.selected);
  const confirming = useStore(store, (s) => s.confirming);
  const notice = useStore(store, (s) => s.notice);
  useAnnounce(notice ? ('msg' in notice ? said(notice.msg) : said(notice.error)) : null, notice?.kind === 'error' ? 'assertive' : 'polite');
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  const open = rows.filter((r) => !r.pendingDecision);
  const groups = groupByItem(rows);
  const tableRef = useRef<HTMLTableElement>(null);
  // After the confirmation closes, the keyboard goes back to the offer it was about (or the first one left).
  // Cancelled (Esc, Cancel), the control that asked gets it back: the Refuse button, the row (R).
  const askedAbout = useRef<number | null>(null);
  const asker = useRef<HTMLElement | null>(null);
  const decided = useRef(false);
  useEffect(() => {
    if (confirming) {
      askedAbout.current = confirming.offerIds[0] ?? null;
      return;
    }
    if (askedAbout.current === null) return;
    const table = tableRef.current;
    const back = !decided.current && asker.current?.isConnected ? asker.current : null;
    (back ?? table?.querySelector<HTMLElement>(`tr[data-offer-id="${askedAbout.current}"]`) ?? table?.querySelector<HTMLElement>('tr[data-offer-id]'))?.focus();
    askedAbout.current = null;
    asker.current = null;
    decided.current = false;
  }, [confirming, rows]);
  // An offer decided from the keyboard leaves the list once the sync has sent it: the keyboard
  // goes to the offer that took its place instead of falling out of the page.
  const keyboardAt = useRef<number | null>(null);
  useEffect(() => {
    const table = tableRef.current;
    if (!table || confirming || keyboardAt.current === null || document.activeElement !== document.body) return;
    const all = table.querySelectorAll<HTMLElement>('tr[data-offer-id]');
    all[Math.min(keyboardAt.current, all.length - 1)]?.focus();
  }, [rows, confirming]);
  const onFocus = (e: React.FocusEvent<HTMLTableElement>) => {
    const row = (e.target as HTMLElement).closest('tr[data-offer-id]');
    if (row) keyboardAt.current = [...e.currentTarget.querySelectorAll('tr[data-offer-id]')].indexOf(row);
  };
  const onBlur = (e: React.FocusEvent<HTMLTableElement>) => {
    // Left for something else on the page (not a row that went away): nothing to follow.
    if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget) && !(e.relatedTarget as HTMLElement).closest('dialog')) keyboardAt.current = null;
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLTableSectionElement | HTMLTableElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLTableRowElement>('tr[data-offer-id]');
    if (!row || e.target !== row || e.altKey || e.ctrlKey || e.metaKey) return;
    const offerId = Number(row.dataset.offerId);
    const offer = rows.find((r) => r.offerId === offerId);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const all = [...(e.currentTarget.closest('table')?.querySelectorAll<HTMLTableRowElement>('tr[data-offer-id]') ?? [])];
      all[all.indexOf(row) + (e.key === 'ArrowDown' ? 1 : -1)]?.focus();
    } else if (e.key === ' ' && offer && !offer.pendingDecision) {
      store.getState().toggle(offerId);
    } else if ((e.key === 'a' || e.key === 'A') && offer && !offer.pendingDecision) {
      store.getState().ask('accepted', selected.length > 0 ? selected : [offerId]);
    } else if ((e.key === 'r' || e.key === 'R') && offer && !offer.pendingDecision) {
      // With offers ticked, the key decides all of them (as the header's buttons do), not only the focused one.
      store.getState().ask('refused', selected.length > 0 ? selected : [offerId]);
    } else {
      return;
    }
    e.preventDefault();
  };

  return (
    <section className="screen" aria-labelledby="offers-title">
      <header className="screen-head">
        <h2 id="offers-title">{t('offers.title')}</h2>
        <span className="count">{t('offers.count', { count: open.length })}</span>
        <span className="spacer" />
        <button type="button" disabled={selected.length === 0} onClick={() => store.getState().ask('accepted', selected)}>{t('offers.acceptSelected', { count: selected.length })}</button>
        <button type="button" disabled={selected.length === 0} onClick={() => store.getState().ask('refused', selected)}>{t('offers.refuseSelected', { count: selected.length })}</button>
      </header>
      {notice && (
        <p className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {'msg' in notice ? said(notice.msg) : said(notice.error)}
        </p>
      )}
      {loaded && rows.length === 0 && <p className="empty">{t('offers.empty')}</p>}
      {rows.length > 0 && (
        <>
          <p className="hint"><FormattedMessage id="offers.keys" values={{ k: (chunks) => <kbd>{chunks}</kbd> }} /></p>
          <table ref={tableRef} className="table offers-table" onKeyDown={onKeyDown} onFocus={onFocus} onBlur={onBlur}>
            <thead>
              <tr>
                <th>
                  <input type="checkbox" aria-label={t('offers.selectAll')} checked={open.length > 0 && selected.length === open.length} onChange={(e) => store.getState().selectAll(e.target.checked)} />
                </th>
                <th className="num">{t('offers.heading.offer')}</th>
                <th>{t('offers.heading.from')}</th>
                <th />
                <th>{t('offers.heading.expires')}</th>
                <th className="actions">{t('offers.heading.actions')}</th>
              </tr>
            </thead>
            {groups.map((group) => <ItemGroup key={group.itemId} group={group} store={store} />)}
          </table>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          decision={confirming.decision}
          text={decisionSummary(confirming.decision, rows.filter((r) => confirming.offerIds.includes(r.offerId)))}
          onConfirm={() => {
            decided.current = true;
            void store.getState().confirm();
          }}
          asker={asker}
          onCancel={() => store.getState().cancel()}
        />
      )}
    </section>
  );
}

function ItemGroup({ group, store }: { group: OfferGroup; store: OffersStore }) {
  const t = useT();
  const format = useFormatter();
  const thumbnail = useStore(store, (s) => s.thumbnails[group.localId]);
  const selected = useStore(store, (s) => s.selected);
  const item = group.offers[0] as OfferRow;
  const title = item.title ?? t('offers.untitled');
  const headingId = `offers-item-${group.itemId}`;
  const closesIn = item.closesAt === null ? null : item.closesAt - Date.now();
  const now = Date.now();
  return (
    <tbody className="offer-group" aria-labelledby={headingId} data-item-id={group.itemId}>
      <tr className="item-heading">
        <th colSpan={COLUMNS} scope="colgroup">
          <div className="item-heading-body">
            {thumbnail ? <img className="thumb" src={thumbnail} alt="" /> : <span className="thumb none" aria-hidden="true" />}
            <strong id={headingId} className="item-title">{title}</strong>
            {item.currentPrice !== null && (
              <span>{t(item.saleMethod === 'buy-now' ? 'offers.item.startingPrice' : 'offers.item.current', { price: format.money(item.currentPrice) })}</span>
            )}
            {item.buyNowPrice !== null && <span>{t('offers.item.buyNow', { price: format.money(item.buyNowPrice) })}</span>}
            {closesIn !== null && <span className="muted">{closesIn > 0 ? t('offers.item.timeLeft', { duration: format.duration(closesIn) }) : t('offers.item.ended')}</span>}
            <span className="muted">{t('offers.item.count', { count: group.offers.length })}</span>
          </div>
        </th>
      </tr>
      {group.offers.map((r) => {
        const buyNow = r.saleMethod === 'buy-now';
        const against = buyNow ? r.buyNowPrice : r.currentPrice;
        const ratio = against ? r.amount / against : null;
        const amount = format.money(r.amount);
        return (
          <tr key={r.offerId} data-offer-id={r.offerId} data-item-id={r.itemId} tabIndex={0} className={selected.includes(r.offerId) ? 'picked' : undefined}>
            <td>
              <input type="checkbox" aria-label={t('offers.select', { amount, author: r.author })} disabled={Boolean(r.pendingDecision)} checked={selected.includes(r.offerId)} onChange={() => store.getState().toggle(r.offerId)} />
            </td>
            <td className="num">
              <strong>{amount}</strong>
              {ratio !== null && (
                <div className={`sub ${ratio >= 1 ? 'good' : ratio < 0.8 ? 'low' : ''}`}>{t('offers.ratio', { percent: format.percent(ratio, 0), against: buyNow ? 'buyNow' : 'current' })}</div>
              )}
            </td>
            <td>{r.author}</td>
            <td>{r.message && <span className="sub">{t('offers.message.quoted', { message: r.message })}</span>}</td>
            <td>{r.expiresAt === null ? null : r.expiresAt > now ? t('offers.expiresIn', { duration: format.duration(r.expiresAt - now) }) : t('offers.expired')}</td>
            <td className="actions">
              {r.pendingDecision ? (
                <span className="badge warn" title={t('offers.pending.hint')}>{t('offers.pending', { decision: r.pendingDecision })}</span>
              ) : (
                <>
                  <button type="button" aria-keyshortcuts="A" onClick={() => store.getState().ask('accepted', [r.offerId])}>{t('offers.accept')}</button>
                  <button type="button" aria-keyshortcuts="R" onClick={() => store.getState().ask('refused', [r.offerId])}>{t('offers.refuse')}</button>
                </>
              )}
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}

/** `asker`: set to what had the keyboard as it opened (the Refuse button, the row), to give it back. */
function ConfirmDialog({ decision, text, onConfirm, onCancel, asker }: { decision: Decision; text: Msg; onConfirm: () => void; onCancel: () => void; asker: RefObject<HTMLElement | null> }) {
  const t = useT();
  const said = useSaid();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const active = document.activeElement;
    asker.current = active instanceof HTMLElement && active !== document.body ? active : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="dialog confirm" aria-labelledby="confirm-title" onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h3 id="confirm-title">{t('offers.confirm.title', { decision })}</h3>
      <p>{said(text)}</p>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>{t('common.cancel')}</button>
        <button type="button" className="primary" onClick={onConfirm}>{t(decision === 'accepted' ? 'offers.accept' : 'offers.refuse')}</button>
      </div>
    </dialog>
  );
}
