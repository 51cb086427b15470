// The questions inbox: every question on the seller's items (unanswered first, as the core
// orders them), an answer being typed per question, canned answers with placeholders.
import { createStore } from 'zustand/vanilla';
import type { ItemFacts, QuestionRow } from '../../../shared/ipc.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { euro, messageOf, reloadOnChanges } from '../navigation/live-store.ts';

export const ANSWER_MAX = 255;

export interface CannedAnswer {
  name: string;
  text: string;
}

export const DEFAULT_CANNED: CannedAnswer[] = [
  { name: 'Still available', text: 'Yes, "{title}" is still available at {price}.' },
  { name: 'Delivery', text: 'Delivery: {deliveryTerms} (postage {deliveryPrice}).' },
  { name: 'Payment', text: 'Payment: {paymentTerms}. Thank you for your interest in "{title}"!' },
];

const PLACEHOLDERS: Record<string, (item: ItemFacts) => string> = {
  title: (i) => i.title ?? 'this item',
  price: (i) => euro(i.price),
  buyNowPrice: (i) => euro(i.buyNowPrice),
  currentPrice: (i) => euro(i.currentPrice),
  deliveryPrice: (i) => euro(i.deliveryPrice),
  deliveryTerms: (i) => i.deliveryTerms ?? 'as agreed',
  paymentTerms: (i) => i.paymentTerms ?? 'as agreed',
};

/** Fills {title} {price} {deliveryTerms}... from the item; an unknown {name} stays as typed. */
export function fillTemplate(template: string, item: ItemFacts): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => PLACEHOLDERS[name]?.(item) ?? whole);
}

export interface QuestionsState {
  rows: QuestionRow[];
  loaded: boolean;
  drafts: Record<number, string>;
  canned: CannedAnswer[];
  busy: number | null;
  errors: Record<number, string>;
  notice: string | null;
  load(): Promise<void>;
  setDraft(questionId: number, text: string): void;
  useCanned(questionId: number, index: number): void;
  answer(questionId: number): Promise<boolean>;
  dispose(): void;
}

export function createQuestionsStore(bridge: Bridge) {
  const store = createStore<QuestionsState>()((set, get) => ({
    rows: [],
    loaded: false,
    drafts: {},
    canned: DEFAULT_CANNED,
    busy: null,
    errors: {},
    notice: null,
    async load() {
      try {
        set({ rows: await call(bridge, 'questions.list', {}), loaded: true });
      } catch (error) {
        set({ notice: messageOf(error), loaded: true });
      }
    },
    setDraft: (questionId, text) => set({ drafts: { ...get().drafts, [questionId]: text.slice(0, ANSWER_MAX) } }),
    useCanned(questionId, index) {
      const row = get().rows.find((r) => r.questionId === questionId);
      const canned = get().canned[index];
      if (row && canned) get().setDraft(questionId, fillTemplate(canned.text, row.item));
    },
    async answer(questionId) {
      const text = (get().drafts[questionId] ?? '').trim();
      if (text === '') {
        set({ errors: { ...get().errors, [questionId]: 'Write an answer first.' } });
        return false;
      }
      set({ busy: questionId });
      try {
        await call(bridge, 'questions.answer', { questionId, answer: text });
        const drafts = { ...get().drafts };
        const errors = { ...get().errors };
        delete drafts[questionId];
        delete errors[questionId];
        set({ drafts, errors, notice: 'Answer saved: it is sent with the next sync.' });
        await get().load();
        return true;
      } catch (error) {
        set({ errors: { ...get().errors, [questionId]: messageOf(error) } });
        return false;
      } finally {
        set({ busy: null });
      }
    },
    dispose: () => off(),
  }));
  const off = reloadOnChanges(bridge, () => store.getState().load());
  return store;
}
export type QuestionsStore = ReturnType<typeof createQuestionsStore>;
