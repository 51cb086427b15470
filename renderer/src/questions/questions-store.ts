// The questions inbox: every question on the seller's items (unanswered first, as the core
// orders them), an answer being typed per question, canned answers with placeholders, a
// selection answered with one canned answer (filled per question), and each item's picture.
import { createStore } from 'zustand/vanilla';
import { DEFAULT_CANNED, fillPlaceholders, PLACEHOLDER_NAMES, type CannedAnswer, type PlaceholderName } from '../../../shared/canned-answers/canned-answers.ts';
import type { AppLocale } from '../../../shared/format/app-locale.ts';
import type { CannedList, ItemFacts, QuestionRow } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { msg, type MessageId, type Msg } from '../i18n/messages.ts';
import { formatterFor, translate } from '../i18n/translate.ts';
import { callSequence, reloadOnChanges } from '../navigation/live-store.ts';
import { errorInfo, type ErrorInfo } from '../draft-editor/error-info.ts';
import { thumbnailLoader } from './thumbnails.ts';

export const ANSWER_MAX = 255;

export type { CannedAnswer } from '../../../shared/canned-answers/canned-answers.ts';
export { DEFAULT_CANNED } from '../../../shared/canned-answers/canned-answers.ts';

/** Fills {title} {price} {deliveryTerms}... from the item, in the seller's language; an unknown {name} stays as typed. */
export function fillTemplate(template: string, item: ItemFacts, locale: AppLocale = localeStore.getState().locale): string {
  // No amount: empty, so the clause that names it goes (never "(—)" to a buyer).
  const money = (value: number | null) => (value === null ? '' : formatterFor(locale).money(value));
  const words = (id: MessageId) => translate(msg(id), locale);
  const values: Record<PlaceholderName, () => string> = {
    title: () => item.title ?? words('questions.fill.thisItem'),
    price: () => money(item.price),
    buyNowPrice: () => money(item.buyNowPrice),
    currentPrice: () => money(item.currentPrice),
    deliveryPrice: () => money(item.deliveryPrice),
    deliveryTerms: () => item.deliveryTerms ?? words('questions.fill.asAgreed'),
    paymentTerms: () => item.paymentTerms ?? words('questions.fill.asAgreed'),
  };
  // An item shown from the marketplace's list only (issue 38): its postage and terms are not known,
  // so they stay as typed ({deliveryTerms}) for the seller to see, never "as agreed" made up.
  return fillPlaceholders(template, (name) => (item.unread && UNREAD_FACTS.has(name) ? `{${name}}` : values[name]()));
}

/** What an item shown from the marketplace's list does not tell (its title and prices it does). */
const UNREAD_FACTS: ReadonlySet<PlaceholderName> = new Set(['deliveryPrice', 'deliveryTerms', 'paymentTerms']);
/** A placeholder left in an answer: it would reach the buyer as typed. */
const LEFT_PLACEHOLDER = new RegExp(`\\{(${[...UNREAD_FACTS].join('|')})\\}`);

const DEFAULT_IDS = ['available', 'delivery', 'payment'] as const;
/** Each placeholder as itself, so a catalog text keeps `{title}` for fillTemplate to fill. */
const AS_TYPED = Object.fromEntries(PLACEHOLDER_NAMES.map((p) => [p, `{${p}}`]));

/**
 * The canned answers as the seller reads them: their own list as saved, or (until they make one)
 * the defaults in the language in use. The core keeps the defaults in English.
 */
export function cannedInLanguage(canned: readonly CannedAnswer[], custom: boolean, locale: AppLocale = localeStore.getState().locale): readonly CannedAnswer[] {
  if (custom || canned.length !== DEFAULT_CANNED.length) return canned;
  return DEFAULT_IDS.map((id) => ({
    name: translate(msg(`questions.default.${id}.name`), locale),
    text: translate(msg(`questions.default.${id}.text`, AS_TYPED), locale),
  }));
}

/** One question of a canned answer for several, as the buyer will read it. */
export interface PreviewAnswer {
  questionId: number;
  title: string | null;
  author: string;
  question: string;
  answer: string;
}

export interface BulkPreview {
  cannedName: string;
  answers: PreviewAnswer[];
}

export type Notice = { kind: 'info' | 'error'; msg: Msg } | { kind: 'error'; error: ErrorInfo };

export interface QuestionsState {
  rows: QuestionRow[];
  loaded: boolean;
  drafts: Record<number, string>;
  /** The account's canned answers as the core keeps them (the defaults until the seller changes them). */
  canned: readonly CannedAnswer[];
  cannedCustom: boolean;
  busy: number | null;
  errors: Record<number, Msg | ErrorInfo>;
  notice: Notice | null;
  /** Questions chosen for one canned answer. */
  selected: number[];
  /** The first picture of each item (by local id), null when it has none. */
  thumbnails: Record<number, string | null>;
  load(): Promise<void>;
  setDraft(questionId: number, text: string): void;
  /** The list as the core keeps it now (after the manager saved or restored it). */
  setCanned(list: CannedList): void;
  useCanned(questionId: number, index: number): void;
  answer(questionId: number): Promise<boolean>;
  toggle(questionId: number): void;
  selectAllOpen(on: boolean): void;
  /** Answers every selected question with canned answer `index`, filled from each one's item. */
  answerSelected(index: number): Promise<boolean>;
  /** Each buyer's answer, filled for their question, shown before anything is sent (null: none shown). */
  bulkPreview: BulkPreview | null;
  /** Fills canned answer `index` for every selected question into bulkPreview; nothing is sent. */
  previewSelected(index: number): boolean;
  /** Sends the answers of bulkPreview as shown. */
  sendPreview(): Promise<boolean>;
  cancelPreview(): void;
  dispose(): void;
}

const isOpen = (r: QuestionRow) => r.answer === null && r.pendingAnswer === null;

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
    selected: [],
    thumbnails: {},
    async load() {
      const isNewest = nextLoad();
      try {
        const [rows, canned] = await Promise.all([call(bridge, 'questions.list', {}), call(bridge, 'cannedAnswers.list', {})]);
        if (!isNewest()) return;
        const open = new Set(rows.filter(isOpen).map((r) => r.questionId));
        set({ rows, canned: canned.answers, cannedCustom: canned.custom, loaded: true, selected: get().selected.filter((id) => open.has(id)) });
        void thumbnails.load(rows.map((r) => r.localId));
      } catch (error) {
        if (isNewest()) set({ notice: { kind: 'error', error: errorInfo(error) }, loaded: true });
      }
    },
    setDraft: (questionId, text) => set({ drafts: { ...get().drafts, [questionId]: text.slice(0, ANSWER_MAX) } }),
    setCanned: (list) => set({ canned: list.answers, cannedCustom: list.custom }),
    useCanned(questionId, index) {
      const row = get().rows.find((r) => r.questionId === questionId);
      const canned = cannedInLanguage(get().canned, get().cannedCustom)[index];
      if (row && canned) get().setDraft(questionId, fillTemplate(canned.text, row.item));
    },
    async answer(questionId) {
      const text = (get().drafts[questionId] ?? '').trim();
      if (text === '') {
        set({ errors: { ...get().errors, [questionId]: msg('questions.answer.empty') } });
        return false;
      }
      if (get().rows.find((r) => r.questionId === questionId)?.item.unread && LEFT_PLACEHOLDER.test(text)) {
        set({ errors: { ...get().errors, [questionId]: msg('questions.answer.unread') } });
        return false;
      }
      set({ busy: questionId });
      try {
        await call(bridge, 'questions.answer', { questionId, answer: text });
        const drafts = { ...get().drafts };
        const errors = { ...get().errors };
        delete drafts[questionId];
        delete errors[questionId];
        set({ drafts, errors, notice: { kind: 'info', msg: msg('questions.answer.saved') } });
        await get().load();
        return true;
      } catch (error) {
        set({ errors: { ...get().errors, [questionId]: errorInfo(error) } });
        return false;
      } finally {
        set({ busy: null });
      }
    },
    toggle(questionId) {
      const selected = get().selected;
      set({ selected: selected.includes(questionId) ? selected.filter((id) => id !== questionId) : [...selected, questionId] });
    },
    selectAllOpen: (on) => set({ selected: on ? get().rows.filter(isOpen).map((r) => r.questionId) : [] }),
    async answerSelected(index) {
      const answers = filledAnswers(index);
      return answers !== null && (await send(answers)) === true;
    },
    bulkPreview: null,
    previewSelected(index) {
      const answers = filledAnswers(index);
      const canned = cannedInLanguage(get().canned, get().cannedCustom)[index];
      if (answers === null || !canned) return false;
      set({ bulkPreview: { cannedName: canned.name, answers } });
      return true;
    },
    async sendPreview() {
      const preview = get().bulkPreview;
      if (!preview) return false;
      const done = await send(preview.answers);
      // Sent, even partly (the rest were answered meanwhile): the preview has done its work. A
      // failure to reach the core keeps it open, to send again.
      if (done !== null) set({ bulkPreview: null });
      return done === true;
    },
    cancelPreview: () => set({ bulkPreview: null }),
    dispose: () => off(),
  }));

  const get = () => store.getState();
  const set = (next: Partial<QuestionsState>) => store.setState(next);

  /**
   * Canned answer `index` filled for each selected open question from its own item (a clause
   * whose placeholder is empty is left out); null, with the notice saying why, when there is
   * nothing to send or an answer would be longer than the service keeps.
   */
  function filledAnswers(index: number): PreviewAnswer[] | null {
    const canned = cannedInLanguage(get().canned, get().cannedCustom)[index];
    if (!canned) {
      set({ notice: { kind: 'error', msg: msg('questions.bulk.noCanned') } });
      return null;
    }
    const chosen = get().rows.filter((r) => get().selected.includes(r.questionId) && isOpen(r));
    const answers = chosen.map((r) => ({ questionId: r.questionId, title: r.item.title, author: r.author, question: r.question, answer: fillTemplate(canned.text, r.item).trim() }));
    // An item not read yet would send its placeholders as typed: refused, the seller told which.
    const unread = chosen.find((r, i) => r.item.unread && LEFT_PLACEHOLDER.test(answers[i]?.answer ?? ''));
    if (unread) {
      set({ notice: { kind: 'error', msg: msg('questions.bulk.unread', { title: unread.item.title ?? translate(msg('questions.untitled')) }) } });
      return null;
    }
    // An answer the service would cut is refused here, before anything is queued.
    const tooLong = answers.find((a) => a.answer.length > ANSWER_MAX);
    if (tooLong) {
      set({ notice: { kind: 'error', msg: msg('questions.bulk.tooLong', { title: tooLong.title ?? translate(msg('questions.untitled')), length: tooLong.answer.length, max: ANSWER_MAX }) } });
      return null;
    }
    return answers.length > 0 ? answers : null;
  }

  /** true: every answer queued; false: some refused; null: nothing reached the core. */
  async function send(answers: readonly PreviewAnswer[]): Promise<boolean | null> {
    set({ busy: -1 });
    try {
      const result = await call(bridge, 'questions.answerMany', { answers: answers.map(({ questionId, answer }) => ({ questionId, answer })) });
      const notice: Notice = result.refused.length > 0
        ? { kind: 'error', msg: msg('questions.bulk.partly', { answered: result.answered, refused: result.refused.length }) }
        : { kind: 'info', msg: msg('questions.bulk.done', { count: result.answered }) };
      set({ notice, selected: [] });
      await get().load();
      return result.refused.length === 0;
    } catch (error) {
      set({ notice: { kind: 'error', error: errorInfo(error) } });
      return null;
    } finally {
      set({ busy: null });
    }
  }
  const thumbnails = thumbnailLoader(bridge, (next) => store.setState({ thumbnails: { ...store.getState().thumbnails, ...next } }));
  const off = reloadOnChanges(bridge, () => store.getState().load());
  return store;
}
export type QuestionsStore = ReturnType<typeof createQuestionsStore>;
