// The questions inbox: every question on the seller's items (unanswered first, as the core
// orders them), an answer being typed per question, canned answers with placeholders.
import { createStore } from 'zustand/vanilla';
import { DEFAULT_CANNED, fillPlaceholders, type CannedAnswer, type PlaceholderName } from '../../../shared/canned-answers.ts';
import type { CannedList, ItemFacts, QuestionRow } from '../../../shared/ipc.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { callSequence, euro, messageOf, reloadOnChanges } from '../navigation/live-store.ts';

export const ANSWER_MAX = 255;

export type { CannedAnswer } from '../../../shared/canned-answers.ts';
export { DEFAULT_CANNED } from '../../../shared/canned-answers.ts';

const PLACEHOLDER_VALUES: Record<PlaceholderName, (item: ItemFacts) => string> = {
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
  return fillPlaceholders(template, (name) => PLACEHOLDER_VALUES[name](item));
}

export interface QuestionsState {
  rows: QuestionRow[];
  loaded: boolean;
  drafts: Record<number, string>;
  /** The account's canned answers (the defaults until the seller changes them). */
  canned: readonly CannedAnswer[];
  cannedCustom: boolean;
  busy: number | null;
  errors: Record<number, string>;
  notice: string | null;
  load(): Promise<void>;
  setDraft(questionId: number, text: string): void;
  /** The list as the core keeps it now (after the manager saved or restored it). */
  setCanned(list: CannedList): void;
  useCanned(questionId: number, index: number): void;
  answer(questionId: number): Promise<boolean>;
  dispose(): void;
}

export function createQuestionsStore(bridge: Bridge) {
  const nextLoad = callSequence();
  const store = createStore<QuestionsState>()((set, get) => ({
    rows: [],
    loaded: false,
    drafts: {},
    canned: DEFAULT_CANNED,
    cannedCustom: false,
    busy: null,
    errors: {},
    notice: null,
    async load() {
      const isNewest = nextLoad();
      try {
        const [rows, canned] = await Promise.all([call(bridge, 'questions.list', {}), call(bridge, 'cannedAnswers.list', {})]);
        if (isNewest()) set({ rows, canned: canned.answers, cannedCustom: canned.custom, loaded: true });
      } catch (error) {
        if (isNewest()) set({ notice: messageOf(error), loaded: true });
      }
    },
    setDraft: (questionId, text) => set({ drafts: { ...get().drafts, [questionId]: text.slice(0, ANSWER_MAX) } }),
    setCanned: (list) => set({ canned: list.answers, cannedCustom: list.custom }),
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
