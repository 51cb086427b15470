// A template applied to the selected drafts, in the style of the bulk edit and rules dialogs:
// choose the template and how, Preview shows every changing draft before and after (up to 200),
// the items left alone and why, and the warnings; Apply is one undo step (Ctrl+Z).
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { isItemField } from '../../../shared/items/item-fields.ts';
import { useCategories } from '../categories/categories.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { TemplateMode } from '../drafts/drafts-state.ts';
import { previewValue } from '../drafts/preview-value.ts';
import { cancelWhileWriting, WriteOutcome, WriteProgressBar } from '../drafts/write-progress.tsx';
import { describeRefusedItem } from '../i18n/describe-error.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import { fieldLabelId } from '../i18n/translate.ts';
import type { TemplatesStore } from './templates-store.ts';

const MODES: readonly TemplateMode[] = ['replace', 'fill-empty'];

export function ApplyTemplateDialog({ store, templates, onClose }: { store: DraftsStore; templates: TemplatesStore; onClose(): void }) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const dialogError = useStore(store, (s) => s.dialogError);
  const selectedCount = useStore(store, (s) => s.selected.size);
  const preview = useStore(store, (s) => s.templatePreview);
  const writing = useStore(store, (s) => s.writeProgress !== null);
  const list = useStore(templates, (s) => s.templates);
  const [id, setId] = useState<number | null>(null);
  const [mode, setMode] = useState<TemplateMode>('replace');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const categories = useCategories();

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    void templates.actions.load();
    return () => dialog?.close();
  }, [templates]);

  const chosen = id ?? list[0]?.id ?? null;
  const reset = () => store.getState().closePreview();
  const close = () => {
    reset();
    onClose();
  };
  const dismiss = cancelWhileWriting(store, close);
  const label = (field: string) => (isItemField(field) ? t(fieldLabelId(field)) : field);
  const fields = preview ? [...new Set(preview.samples.flatMap((s) => Object.keys(s.after)))] : [];

  return (
    <dialog ref={dialogRef} className="dialog wide" aria-labelledby="apply-template-title" onCancel={(e) => { e.preventDefault(); dismiss(); }}>
      <h2 id="apply-template-title">{t('templates.apply.title', { count: selectedCount })}</h2>
      {list.length === 0 ? <p className="muted">{t('templates.apply.none')}</p> : (
        <form onSubmit={(e) => {
          e.preventDefault();
          if (chosen !== null) void store.getState().previewTemplate(chosen, mode);
        }}>
          <div className="bulk-row">
            <label>
              {t('templates.apply.template')}{' '}
              <select aria-label={t('templates.apply.template')} value={chosen ?? ''} autoFocus onChange={(e) => {
                setId(Number(e.target.value));
                reset();
              }}>
                {list.map((template) => <option key={template.id} value={template.id}>{template.name}</option>)}
              </select>
            </label>
          </div>
          <fieldset className="bulk-row">
            <legend>{t('templates.apply.mode')}</legend>
            {MODES.map((m) => (
              <label key={m}>
                <input type="radio" name="template-mode" value={m} checked={mode === m} onChange={() => {
                  setMode(m);
                  reset();
                }} /> {t(m === 'replace' ? 'templates.apply.mode.replace' : 'templates.apply.mode.fill-empty')}
              </label>
            ))}
          </fieldset>
          <WriteProgressBar store={store} />
          <WriteOutcome store={store} />
          <div className="dialog-actions">
            <span className="spacer" />
            <button type="submit">{t('templates.apply.preview')}</button>
            <button type="button" className="primary" disabled={writing || !preview || chosen === null || preview.refused.length > 0 || preview.changing === 0} onClick={async () => {
              if (chosen !== null && await store.getState().applyTemplate(chosen, mode)) onClose();
            }}>{t('templates.apply.apply', { count: preview?.changing ?? 0 })}</button>
            <button type="button" onClick={dismiss}>{t('common.cancel')}</button>
          </div>
        </form>
      )}
      {list.length === 0 && <div className="dialog-actions"><span className="spacer" /><button type="button" onClick={close}>{t('common.close')}</button></div>}
      {dialogError && <p className="notice error" role="alert">{say(dialogError)}</p>}
      {preview && (
        <section className="preview" aria-label={t('templates.apply.preview')}>
          <p>{t('templates.apply.summary', { changing: preview.changing, selected: preview.selected })}</p>
          {fields.includes('description') && <p className="hint">{t('templates.apply.placeholdersKept')}</p>}
          {preview.selected - preview.notEditable.count - preview.changing > 0 && preview.refused.length === 0 && (
            <p>{t('templates.apply.unchanged', { count: preview.selected - preview.notEditable.count - preview.changing })}</p>
          )}
          {preview.notEditable.count > 0 && (
            <div className="warning" role="status">
              <p>{t('templates.apply.notEditable', { count: preview.notEditable.count })}</p>
              <ul>
                {preview.notEditable.items.slice(0, 10).map((item) => (
                  <li key={item.localId}>{t('templates.apply.notEditable.item', { title: item.title ?? t('templates.apply.untitled', { localId: item.localId }), localId: item.localId, status: item.status })}</li>
                ))}
              </ul>
            </div>
          )}
          {preview.warnings.map((w) => (
            <p key={w.kind === 'auction-only' ? w.field : w.placeholder} className="warning" role="status">
              {w.kind === 'auction-only'
                ? t('templates.apply.warning.auction-only', { field: label(w.field), count: w.count })
                : t('templates.apply.warning.empty-placeholder', { placeholder: `{${w.placeholder}}`, count: w.count })}
            </p>
          ))}
          {preview.refused.length > 0 && (
            <div className="refused" role="alert">
              <p>{t('templates.apply.refused', { count: preview.refused.length })}</p>
              <ul>{preview.refused.slice(0, 10).map((r) => <li key={r.localId}>{t('templates.apply.refused.item', { localId: r.localId, reason: say(describeRefusedItem(r)) })}</li>)}</ul>
            </div>
          )}
          {preview.samples.length > 0 && (
            <div className="preview-scroll">
              <table className="preview-table">
                <thead><tr><th>{t('templates.apply.draft')}</th>{fields.map((f) => <th key={f}>{t('templates.apply.column', { field: label(f) })}</th>)}</tr></thead>
                <tbody>
                  {preview.samples.map((s) => (
                    <tr key={s.localId}>
                      <td>{s.title ?? t('templates.apply.untitled', { localId: s.localId })}</td>
                      {fields.map((f) => (
                        <td key={f}>{f in s.after ? <>{previewValue(t, format, f, s.before[f], categories)} → <strong>{previewValue(t, format, f, s.after[f], categories)}</strong></> : '—'}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {preview.changing > preview.samples.length && <p className="more">{t('templates.apply.more', { count: preview.changing - preview.samples.length })}</p>}
        </section>
      )}
    </dialog>
  );
}
