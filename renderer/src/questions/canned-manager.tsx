// The canned answers manager (a modal dialog): the list on the left (canned-list.tsx), the chosen
// answer's form on the right (canned-answer-form.tsx). Alt+N adds an answer, Ctrl+Enter saves the
// whole list; Esc or Cancel drops the changes.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useSaid } from '../draft-editor/error-text.ts';
import { useT } from '../i18n/intl.ts';
import { CannedAnswerForm, type CannedFormHandle } from './canned-answer-form.tsx';
import type { CannedEditorStore } from './canned-editor-store.ts';
import { CannedList } from './canned-list.tsx';

export function CannedManager({ store }: { store: CannedEditorStore }) {
  const error = useStore(store, (s) => s.error);
  const saving = useStore(store, (s) => s.saving);
  const dirty = useStore(store, (s) => s.dirty);
  const [confirmReset, setConfirmReset] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const form = useRef<CannedFormHandle>(null);
  const actions = store.getState();
  const t = useT();
  const said = useSaid();

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);

  const add = () => {
    actions.add();
    // The new entry's name is selected for typing over it.
    requestAnimationFrame(() => form.current?.focusName(true));
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
        <CannedList store={store} onAdd={add} onEditName={() => form.current?.focusName(false)} />
        <CannedAnswerForm store={store} handle={form} />
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
