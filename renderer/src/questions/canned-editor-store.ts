// The canned answers manager: a working copy of the list (add, rename, edit, delete, reorder),
// the problems of each entry flagged as the seller types (the rules of shared/canned-answers/canned-answers.ts,
// the same the core applies), a live preview filled from a question's item, and one save of the
// whole list. Nothing reaches the core before Save; Cancel drops the copy.
import { createStore } from 'zustand/vanilla';
import { CANNED_LIMITS, duplicateNames, nameIssue, textIssue, unknownPlaceholders, type CannedIssue } from '../../../shared/canned-answers/canned-answers.ts';
import type { ItemFacts } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { errorInfo, type ErrorInfo } from '../draft-editor/error-info.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { translate } from '../i18n/translate.ts';
import { ANSWER_MAX, cannedInLanguage, fillTemplate, type QuestionsStore } from './questions-store.ts';

export interface EditableAnswer {
  /** Stable across renames and moves (React keys, focus). */
  key: number;
  name: string;
  text: string;
}

export interface AnswerProblems {
  name?: Msg;
  text?: Msg;
  /** Unknown {names} in the text, flagged apart so the editor can mark them. */
  unknown: string[];
}

/** What the preview fills in when the inbox has no question yet, in the language in use. */
export function sampleItem(): ItemFacts {
  return {
    title: translate(msg('questions.sample.title')), price: 25, buyNowPrice: 25, currentPrice: 25, deliveryPrice: 5.9,
    deliveryTerms: translate(msg('questions.sample.deliveryTerms')), paymentTerms: translate(msg('questions.sample.paymentTerms')),
  };
}

/** A problem of a canned answer as a message of the catalog. */
export function issueMsg(issue: CannedIssue): Msg {
  switch (issue.code) {
    case 'name-empty': return msg('questions.manager.problem.nameEmpty');
    case 'name-long': return msg('questions.manager.problem.nameLong', { max: issue.max });
    case 'name-twice': return msg('questions.manager.problem.nameTwice', { name: issue.name });
    case 'text-empty': return msg('questions.manager.problem.textEmpty');
    case 'text-long': return msg('questions.manager.problem.textLong', { max: issue.max });
    case 'unknown': return msg('questions.manager.problem.unknown', { count: issue.names.length, names: issue.names.map((u) => `{${u}}`).join(', ') });
  }
}

/** Each entry's problems, by the rules the core enforces (plus names used twice). */
export function answerProblems(answers: readonly EditableAnswer[]): AnswerProblems[] {
  const duplicates = new Map(duplicateNames(answers).map((d) => [d.index, d.issue]));
  return answers.map((answer, index) => {
    const problems: AnswerProblems = { unknown: unknownPlaceholders(answer.text) };
    const nameBad = nameIssue(answer.name) ?? duplicates.get(index);
    const textBad = textIssue(answer.text);
    const name = nameBad && issueMsg(nameBad);
    const text = textBad && issueMsg(textBad);
    if (name) problems.name = name;
    if (text) problems.text = text;
    return problems;
  });
}

export const hasProblems = (p: AnswerProblems): boolean => Boolean(p.name || p.text);

export interface CannedEditorState {
  open: boolean;
  answers: EditableAnswer[];
  /** Index of the entry being edited; -1 when the list is empty. */
  selected: number;
  /** The item the preview is filled from, and whose question it is: set when the editor opens (null before). */
  previewItem: ItemFacts | null;
  /** The item the preview is filled from, said in the caption ("a sample item" or its title). */
  previewLabel: Msg;
  dirty: boolean;
  saving: boolean;
  error: Msg | ErrorInfo | null;
  openFor(questionId?: number): void;
  close(): void;
  select(index: number): void;
  add(): void;
  update(index: number, change: Partial<Pick<EditableAnswer, 'name' | 'text'>>): void;
  remove(index: number): void;
  move(index: number, by: number): void;
  save(): Promise<boolean>;
  restoreDefaults(): Promise<boolean>;
}

export function createCannedEditor(bridge: Bridge, questions: QuestionsStore) {
  let nextKey = 1;
  const editable = (list: ReadonlyArray<{ name: string; text: string }>) => list.map((a) => ({ key: nextKey++, name: a.name, text: a.text }));

  return createStore<CannedEditorState>()((set, get) => {
    const change = (answers: EditableAnswer[], selected = get().selected) =>
      set({ answers, selected: Math.min(Math.max(selected, answers.length === 0 ? -1 : 0), answers.length - 1), dirty: true, error: null });

    return {
      open: false,
      answers: [],
      selected: -1,
      // Worded when the editor opens, in the language then in use (not while the app loads).
      previewItem: null,
      previewLabel: msg('questions.sample.label'),
      dirty: false,
      saving: false,
      error: null,
      openFor(questionId) {
        const { rows, canned } = questions.getState();
        const row = rows.find((r) => r.questionId === questionId)
          ?? rows.find((r) => r.answer === null && r.pendingAnswer === null) ?? rows[0];
        // The defaults are edited in the language they are shown in; saved, they become the seller's own.
        const answers = editable(cannedInLanguage(canned, questions.getState().cannedCustom));
        set({
          open: true, answers, selected: answers.length > 0 ? 0 : -1, dirty: false, saving: false, error: null,
          previewItem: row?.item ?? sampleItem(),
          previewLabel: row ? msg('questions.manager.preview.quoted', { title: row.item.title ?? translate(msg('questions.untitled')) }) : msg('questions.sample.label'),
        });
      },
      close: () => set({ open: false, answers: [], selected: -1, dirty: false, error: null }),
      select: (index) => set({ selected: Math.min(Math.max(index, 0), get().answers.length - 1) }),
      add() {
        const { answers } = get();
        if (answers.length >= CANNED_LIMITS.answers) {
          set({ error: msg('questions.manager.tooMany', { max: CANNED_LIMITS.answers }) });
          return;
        }
        const names = new Set(answers.map((a) => a.name.trim().toLocaleLowerCase()));
        let name = translate(msg('questions.manager.newName'));
        for (let i = 2; names.has(name.toLocaleLowerCase()); i++) name = translate(msg('questions.manager.newNameNumbered', { number: i }));
        change([...answers, { key: nextKey++, name, text: '' }], answers.length);
      },
      update(index, patch) {
        change(get().answers.map((a, i) => (i === index ? { ...a, ...patch } : a)));
      },
      remove(index) {
        change(get().answers.filter((_, i) => i !== index), index >= get().answers.length - 1 ? index - 1 : index);
      },
      move(index, by) {
        const answers = [...get().answers];
        const to = index + by;
        if (to < 0 || to >= answers.length || index < 0 || index >= answers.length) return;
        answers.splice(to, 0, ...answers.splice(index, 1));
        change(answers, to);
      },
      async save() {
        const { answers } = get();
        const problems = answerProblems(answers);
        const first = problems.findIndex(hasProblems);
        if (first >= 0) {
          const p = problems[first];
          const problem = p?.name ?? p?.text;
          set({
            selected: first,
            error: msg('questions.manager.refused', { name: answers[first]?.name.trim() || translate(msg('questions.manager.noName')), problem: problem ? translate(problem) : '' }),
          });
          return false;
        }
        set({ saving: true, error: null });
        try {
          const saved = await call(bridge, 'cannedAnswers.save', { answers: answers.map(({ name, text }) => ({ name, text })) });
          questions.getState().setCanned(saved);
          set({ saving: false, dirty: false, open: false });
          return true;
        } catch (error) {
          set({ saving: false, error: errorInfo(error) });
          return false;
        }
      },
      async restoreDefaults() {
        set({ saving: true, error: null });
        try {
          const list = await call(bridge, 'cannedAnswers.reset', {});
          questions.getState().setCanned(list);
          const answers = editable(cannedInLanguage(list.answers, list.custom));
          set({ saving: false, dirty: false, answers, selected: answers.length > 0 ? 0 : -1 });
          return true;
        } catch (error) {
          set({ saving: false, error: errorInfo(error) });
          return false;
        }
      },
    };
  });
}
export type CannedEditorStore = ReturnType<typeof createCannedEditor>;

/** The selected text filled from the preview item, and whether it fits in an answer. */
export function previewOf(text: string, item: ItemFacts): { text: string; length: number; fits: boolean } {
  const filled = fillTemplate(text.trim(), item);
  return { text: filled, length: filled.length, fits: filled.length <= ANSWER_MAX };
}
