// The offers inbox: open offers across all items, grouped by item, a selection, and a decision
// that is only made after a confirmation saying what it does.
import { createStore } from 'zustand/vanilla';
import type { OfferRow } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { errorInfo } from '../draft-editor/error-info.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { formatterFor } from '../i18n/translate.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { callSequence, reloadOnChanges } from '../navigation/live-store.ts';
import type { Notice } from '../questions/questions-store.ts';
import { thumbnailLoader } from '../questions/thumbnails.ts';

export type Decision = 'accepted' | 'refused';

export interface OffersState {
  rows: OfferRow[];
  loaded: boolean;
  selected: number[];
  /** The decision waiting for the user's confirmation. */
  confirming: { decision: Decision; offerIds: number[] } | null;
  notice: Notice | null;
  /** The first picture of each item (by local id), null when it has none. */
  thumbnails: Record<number, string | null>;
  load(): Promise<void>;
  toggle(offerId: number): void;
  selectAll(on: boolean): void;
  ask(decision: Decision, offerIds: number[]): void;
  cancel(): void;
  confirm(): Promise<void>;
  dispose(): void;
}

/** What accepting does, said before it is done (PUT /items/{id}/offers/{offerid}: an accepted offer is a sale at that price). */
export function decisionSummary(decision: Decision, offers: OfferRow[]): Msg {
  const first = offers[0];
  const values = {
    count: offers.length,
    amount: first ? formatterFor(localeStore.getState().locale).money(first.amount) : '',
    author: first?.author ?? '',
  };
  return msg(decision === 'accepted' ? 'offers.confirm.accept' : 'offers.confirm.refuse', values);
}

export interface OfferGroup {
  itemId: number;
  localId: number;
  offers: OfferRow[];
}

/** The offers under their item, items in the order of their first offer (the one expiring first). */
export function groupByItem(rows: readonly OfferRow[]): OfferGroup[] {
  const groups = new Map<number, OfferGroup>();
  for (const row of rows) {
    const group = groups.get(row.itemId) ?? { itemId: row.itemId, localId: row.localId, offers: [] };
    group.offers.push(row);
    groups.set(row.itemId, group);
  }
  return [...groups.values()];
}

export function createOffersStore(bridge: Bridge) {
  const nextLoad = callSequence();
  const store = createStore<OffersState>()((set, get) => ({
    rows: [],
    loaded: false,
    selected: [],
    confirming: null,
    notice: null,
    thumbnails: {},
    async load() {
      const isNewest = nextLoad();
      try {
        const rows = await call(bridge, 'offers.list', {});
        if (!isNewest()) return;
        const open = new Set(rows.filter((r) => !r.pendingDecision).map((r) => r.offerId));
        set({ rows, loaded: true, selected: get().selected.filter((id) => open.has(id)) });
        void thumbnails.load(rows.map((r) => r.localId));
      } catch (error) {
        set({ notice: { kind: 'error', error: errorInfo(error) }, loaded: true });
      }
    },
    toggle(offerId) {
      const selected = get().selected;
      set({ selected: selected.includes(offerId) ? selected.filter((id) => id !== offerId) : [...selected, offerId] });
    },
    selectAll: (on) => set({ selected: on ? get().rows.filter((r) => !r.pendingDecision).map((r) => r.offerId) : [] }),
    ask: (decision, offerIds) => set({ confirming: offerIds.length > 0 ? { decision, offerIds } : null }),
    cancel: () => set({ confirming: null }),
    async confirm() {
      const pending = get().confirming;
      if (!pending) return;
      set({ confirming: null });
      try {
        const result = await call(bridge, 'offers.decide', pending);
        const notice: Notice = result.refused.length > 0
          ? { kind: 'error', msg: msg('offers.partly', { decided: result.decided, refused: result.refused.length }) }
          : { kind: 'info', msg: msg('offers.decided', { decision: pending.decision, count: result.decided }) };
        set({ notice, selected: [] });
        await get().load();
      } catch (error) {
        set({ notice: { kind: 'error', error: errorInfo(error) } });
      }
    },
    dispose: () => off(),
  }));
  const thumbnails = thumbnailLoader(bridge, (next) => store.setState({ thumbnails: { ...store.getState().thumbnails, ...next } }));
  const off = reloadOnChanges(bridge, () => store.getState().load());
  return store;
}
export type OffersStore = ReturnType<typeof createOffersStore>;
