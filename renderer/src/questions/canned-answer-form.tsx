// The canned answers manager's form for the chosen answer (its right pane): name and text with
// their problems, the placeholders one can insert at the cursor, unknown ones flagged, a live
// preview filled from the item of the question the manager was opened from, move and delete.
import { useImperativeHandle, useRef, type Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import { useStore } from 'zustand';
import { CANNED_LIMITS, PLACEHOLDER_NAMES } from '../../../shared/canned-answers/canned-answers.ts';
import { useSaid } from '../draft-editor/error-text.ts';
import { useFormatter, useT } from '../i18n/intl.ts';
import { answerProblems, previewOf, type AnswerProblems, type CannedEditorStore } from './canned-editor-store.ts';
import { ANSWER_MAX } from './questions-store.ts';

/** What the manager may do to the form: put the keyboard in the name (selected, to type over). */
export interface CannedFormHandle {
  focusName(select: boolean): void;
}

export function CannedAnswerForm({ store, handle }: { store: CannedEditorStore; handle: Ref<CannedFormHandle> }) {
  const answers = useStore(store, (s) => s.answers);
  const selected = useStore(store, (s) => s.selected);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const actions = store.getState();
  const t = useT();
  const said = useSaid();
  const current = selected >= 0 ? answers[selected] : undefined;
  const currentProblems = selected >= 0 ? answerProblems(answers)[selected] : undefined;
  useImperativeHandle(handle, () => ({
    focusName: (select) => (select ? nameRef.current?.select() : nameRef.current?.focus()),
  }), []);

  /** Inserts {name} at the text's cursor and puts the cursor after it. */
  const insert = (name: string) => {
    if (!current) return;
    const area = textRef.current;
    const token = `{${name}}`;
    const start = area?.selectionStart ?? current.text.length;
    const end = area?.selectionEnd ?? start;
    actions.update(selected, { text: current.text.slice(0, start) + token + current.text.slice(end) });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  if (!current || !currentProblems) return <div className="canned-edit-pane" />;
  return (
    <div className="canned-edit-pane">
      <label className="canned-field">
        <span>{t('questions.manager.name')}</span>
        <input
          ref={nameRef}
          value={current.name}
          maxLength={CANNED_LIMITS.name}
          aria-invalid={currentProblems.name ? true : undefined}
          aria-describedby={currentProblems.name ? 'canned-name-problem' : undefined}
          onChange={(e) => actions.update(selected, { name: e.target.value })}
        />
      </label>
      {currentProblems.name && <p id="canned-name-problem" className="field-error" role="alert">{said(currentProblems.name)}</p>}
      <label className="canned-field">
        <span>{t('questions.manager.text')} <span className={`counter ${current.text.length >= CANNED_LIMITS.text ? 'full' : ''}`}>{current.text.length}/{CANNED_LIMITS.text}</span></span>
        <textarea
          ref={textRef}
          rows={4}
          value={current.text}
          maxLength={CANNED_LIMITS.text}
          aria-label={t('questions.manager.text')}
          aria-invalid={currentProblems.text ? true : undefined}
          aria-describedby="canned-text-problem"
          onChange={(e) => actions.update(selected, { text: e.target.value })}
        />
      </label>
      <TextProblem problems={currentProblems} />
      <PlaceholderChips onInsert={insert} />
      <CannedPreview text={current.text} store={store} />
      <div className="form-row">
        <button type="button" onClick={() => actions.move(selected, -1)} disabled={selected === 0}>{t('questions.manager.moveUp')}</button>
        <button type="button" onClick={() => actions.move(selected, 1)} disabled={selected === answers.length - 1}>{t('questions.manager.moveDown')}</button>
        <button type="button" className="danger" onClick={() => actions.remove(selected)}>
          {current.name.trim() ? t('questions.manager.delete', { name: current.name.trim() }) : t('questions.manager.deleteThis')}
        </button>
      </div>
    </div>
  );
}

/** The placeholders one can insert at the text's cursor, each with what it is filled with. */
function PlaceholderChips({ onInsert }: { onInsert: (name: string) => void }) {
  const t = useT();
  return (
    <div className="placeholders" role="group" aria-label={t('questions.manager.placeholders')}>
      <span className="muted">{t('questions.manager.placeholders.hint')}</span>
      {PLACEHOLDER_NAMES.map((name) => (
        <button key={name} type="button" className="chip" aria-label={t('questions.manager.insert', { token: `{${name}}`, description: t(`questions.manager.placeholder.${name}`) })} onClick={() => onInsert(name)}>
          <code>{`{${name}}`}</code> <span className="muted">{t(`questions.manager.placeholder.${name}`)}</span>
        </button>
      ))}
    </div>
  );
}

/** The answer as the buyer would read it, filled from the item the manager was opened from. */
function CannedPreview({ text, store }: { text: string; store: CannedEditorStore }) {
  const previewItem = useStore(store, (s) => s.previewItem);
  const previewLabel = useStore(store, (s) => s.previewLabel);
  const t = useT();
  const said = useSaid();
  const format = useFormatter();
  const preview = previewItem ? previewOf(text, previewItem) : null;
  return (
    <figure className="canned-preview" aria-label={t('questions.manager.preview')}>
      <figcaption>{t('questions.manager.preview.for', { label: said(previewLabel) })}</figcaption>
      <p data-testid="canned-preview">{preview?.text || <span className="muted">{t('questions.manager.preview.empty')}</span>}</p>
      {preview && !preview.fits && <p className="field-error">{t('questions.manager.preview.tooLong', { length: format.number(preview.length), max: ANSWER_MAX })}</p>}
    </figure>
  );
}

/** The text's problem: its unknown placeholders named, or what is wrong with it. */
function TextProblem({ problems }: { problems: AnswerProblems }) {
  const said = useSaid();
  return (
    <p id="canned-text-problem" className="field-error" role={problems.text ? 'alert' : undefined}>
      {problems.unknown.length > 0
        ? (
          <FormattedMessage
            id="questions.manager.unknown"
            values={{ count: problems.unknown.length, names: problems.unknown.map((u) => <code key={u} className="unknown-placeholder">{`{${u}}`}</code>) }}
          />
        )
        : problems.text && said(problems.text)}
    </p>
  );
}
