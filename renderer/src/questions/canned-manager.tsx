// The canned answers manager (a modal dialog): the list on the left (↑/↓ to choose, Alt+↑/↓ to
// move, Delete to remove, Alt+N to add), the chosen answer's name and text on the right with the
// placeholders one can insert, unknown ones flagged, and a live preview filled from the item of
// the question it was opened from. Save writes the whole list; Esc or Cancel drops the changes.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useStore } from 'zustand';
import { CANNED_LIMITS, PLACEHOLDER_NAMES } from '../../../shared/canned-answers.ts';
import { useSaid } from '../draft-editor/error-text.ts';
import { useFormatter, useT } from '../i18n/intl.ts';
import { answerProblems, hasProblems, previewOf, type CannedEditorStore } from './canned-editor-store.ts';
import { ANSWER_MAX } from './questions-store.ts';

export function CannedManager({ store }: { store: CannedEditorStore }) {
  const answers = useStore(store, (s) => s.answers);
  const selected = useStore(store, (s) => s.selected);
  const previewItem = useStore(store, (s) => s.previewItem);
  const previewLabel = useStore(store, (s) => s.previewLabel);
  const error = useStore(store, (s) => s.error);
  const saving = useStore(store, (s) => s.saving);
  const dirty = useStore(store, (s) => s.dirty);
  const [confirmReset, setConfirmReset] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const actions = store.getState();
  const t = useT();
  const said = useSaid();
  const format = useFormatter();
  const problems = answerProblems(answers);
  const current = selected >= 0 ? answers[selected] : undefined;
  const currentProblems = selected >= 0 ? problems[selected] : undefined;
  const preview = current && previewItem ? previewOf(current.text, previewItem) : null;

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);

  const add = () => {
    actions.add();
    // The new entry's name is selected for typing over it.
    requestAnimationFrame(() => nameRef.current?.select());
  };

  const onListKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const by = e.key === 'ArrowDown' ? 1 : -1;
      if (e.altKey) actions.move(selected, by);
      else actions.select(selected + by);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      actions.select(e.key === 'Home' ? 0 : answers.length - 1);
    } else if (e.key === 'Delete' && selected >= 0) {
      e.preventDefault();
      actions.remove(selected);
    } else if (e.key === 'Enter' && selected >= 0) {
      e.preventDefault();
      nameRef.current?.focus();
    }
  };

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

  return (
    <dialog
      ref={dialogRef}
      className="dialog canned-manager"
      aria-labelledby="canned-title"
      onCancel={(e) => {
        e.preventDefault();
        actions.close();
      }}
      onKeyDown={(e) => {
        if (e.altKey && (e.key === 'n' || e.key === 'N')) {
          e.preventDefault();
          add();
        } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void actions.save();
        }
      }}
    >
      <h2 id="canned-title">{t('questions.manager.title')}</h2>
      <div className="canned-layout">
        <div className="canned-list-pane">
          <ul
            className="canned-list"
            role="listbox"
            aria-label={t('questions.manager.list')}
            tabIndex={0}
            aria-activedescendant={current ? `canned-option-${current.key}` : undefined}
            onKeyDown={onListKey}
          >
            {answers.map((a, i) => (
              <li
                key={a.key}
                id={`canned-option-${a.key}`}
                role="option"
                aria-selected={i === selected}
                className={`${i === selected ? 'selected' : ''}${hasProblems(problems[i] ?? { unknown: [] }) ? ' has-problem' : ''}`}
                onClick={() => actions.select(i)}
              >
                <span className="canned-name">{a.name.trim() || t('questions.manager.noName')}</span>
                {hasProblems(problems[i] ?? { unknown: [] }) && <span className="badge bad" title={t('questions.manager.needsFix')}>!</span>}
              </li>
            ))}
          </ul>
          {answers.length === 0 && <p className="muted">{t('questions.manager.emptyList')}</p>}
          <div className="canned-list-tools">
            <button type="button" onClick={add} disabled={answers.length >= CANNED_LIMITS.answers} aria-keyshortcuts="Alt+N">{t('questions.manager.add')}</button>
            <span className="muted">{answers.length}/{CANNED_LIMITS.answers}</span>
          </div>
          <p className="hint"><FormattedMessage id="questions.manager.keys" values={{ k: (chunks) => <kbd>{chunks}</kbd> }} /></p>
        </div>

        {current && currentProblems ? (
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
            <p id="canned-text-problem" className="field-error" role={currentProblems.text ? 'alert' : undefined}>
              {currentProblems.unknown.length > 0
                ? (
                  <FormattedMessage
                    id="questions.manager.unknown"
                    values={{ count: currentProblems.unknown.length, names: currentProblems.unknown.map((u) => <code key={u} className="unknown-placeholder">{`{${u}}`}</code>) }}
                  />
                )
                : currentProblems.text && said(currentProblems.text)}
            </p>
            <div className="placeholders" role="group" aria-label={t('questions.manager.placeholders')}>
              <span className="muted">{t('questions.manager.placeholders.hint')}</span>
              {PLACEHOLDER_NAMES.map((name) => (
                <button key={name} type="button" className="chip" aria-label={t('questions.manager.insert', { token: `{${name}}`, description: t(`questions.manager.placeholder.${name}`) })} onClick={() => insert(name)}>
                  <code>{`{${name}}`}</code> <span className="muted">{t(`questions.manager.placeholder.${name}`)}</span>
                </button>
              ))}
            </div>
            <figure className="canned-preview" aria-label={t('questions.manager.preview')}>
              <figcaption>{t('questions.manager.preview.for', { label: said(previewLabel) })}</figcaption>
              <p data-testid="canned-preview">{preview?.text || <span className="muted">{t('questions.manager.preview.empty')}</span>}</p>
              {preview && !preview.fits && <p className="field-error">{t('questions.manager.preview.tooLong', { length: format.number(preview.length), max: ANSWER_MAX })}</p>}
            </figure>
            <div className="form-row">
              <button type="button" onClick={() => actions.move(selected, -1)} disabled={selected === 0}>{t('questions.manager.moveUp')}</button>
              <button type="button" onClick={() => actions.move(selected, 1)} disabled={selected === answers.length - 1}>{t('questions.manager.moveDown')}</button>
              <button type="button" className="danger" onClick={() => actions.remove(selected)}>
                {current.name.trim() ? t('questions.manager.delete', { name: current.name.trim() }) : t('questions.manager.deleteThis')}
              </button>
            </div>
          </div>
        ) : <div className="canned-edit-pane" />}
      </div>
      <div className="dialog-actions">
        {error && <span className="field-error" role="alert">{said(error)}</span>}
        <span className="spacer" />
        {confirmReset ? (
          <button type="button" className="danger" onClick={() => { setConfirmReset(false); void actions.restoreDefaults(); }} onBlur={() => setConfirmReset(false)}>
            {t('questions.manager.reset.confirm')}
          </button>
        ) : <button type="button" onClick={() => setConfirmReset(true)} disabled={saving}>{t('questions.manager.reset')}</button>}
        <button type="button" onClick={actions.close}>{t('common.cancel')}</button>
        <button type="button" className="primary" onClick={() => void actions.save()} disabled={saving || !dirty} aria-keyshortcuts="Control+Enter">{t('common.save')}</button>
      </div>
    </dialog>
  );
}
