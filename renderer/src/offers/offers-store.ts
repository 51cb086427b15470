// The offers inbox: open offers across all items, a selection, and a decision that is only made
// after a confirmation saying what it does.
import { createStore } from 'zustand/vanilla';
import type { OfferRow } from '../../../shared/ipc.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { callSequence, euro, messageOf, reloadOnChanges } from '../navigation/live-store.ts';

export type Decision = 'accepted' | 'refused';

export interface OffersState {
  rows: OfferRow[];
  loaded: boolean;
  selected: number[];
  /** The decision waiting for the user's confirmation. */
  confirming: { decision: Decision; offerIds: number[] } | null;
  notice: { kind: 'info' | 'error'; text: string } | null;
  load(): Promise<void>;
  toggle(offerId: number): void;
  selectAll(on: boolean): void;
  ask(decision: Decision, offerIds: number[]): void;
  cancel(): void;
  confirm(): Promise<void>;
  dispose(): void;
}

/** What accepting does, said before it is done (PUT /items/{id}/offers/{offerid}: an accepted offer is a sale at that price). */
export function decisionSummary(decision: Decision, offers: OfferRow[]): string {
  const n = offers.length;
  const what = n === 1 ? `the offer of ${euro(offers[0]?.amount)} from ${offers[0]?.author}` : `${n} offers`;
  return decision === 'accepted'
    ? `Accept ${what}? Accepting is a binding sale at the offered price: the buyer gets the item, the item closes when no quantity is left, and other offers on it lapse. It is sent to the marketplace with the next sync and cannot be undone.`
    : `Refuse ${what}? The buyer is told the offer was refused; the item stays on sale. It is sent with the next sync.`;
}

export function createOffersStore(bridge: Bridge) {
  const nextLoad = callSequence();
  const store = createStore<OffersState>()((set, get) => ({
    rows: [],
    loaded: false,
    selected: [],
    confirming: null,
    notice: null,
    async load() {
      const isNewest = nextLoad();
      try {
        const rows = await call(bridge, 'offers.list', {});
        if (!isNewest()) return;
        const open = new Set(rows.filter((r) => !r.pendingDecision).map((r) => r.offerId));
        set({ rows, loaded: true, selected: get().selected.filter((id) => open.has(id)) });
      } catch (error) {
        set({ notice: { kind: 'error', text: messageOf(error) }, loaded: true });
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
        const verb = pending.decision === 'accepted' ? 'accepted' : 'refused';
        const text = result.refused.length > 0
          ? `${result.decided} ${verb}; not possible: ${result.refused.map((r) => r.reason).join('; ')}`
          : `${result.decided} offer${result.decided === 1 ? '' : 's'} ${verb}: sent with the next sync.`;
        set({ notice: { kind: result.refused.length > 0 ? 'error' : 'info', text }, selected: [] });
        await get().load();
      } catch (error) {
        set({ notice: { kind: 'error', text: messageOf(error) } });
      }
    },
    dispose: () => off(),
  }));
  const off = reloadOnChanges(bridge, () => store.getState().load());
  return store;
}
export type OffersStore = ReturnType<typeof createOffersStore>;
