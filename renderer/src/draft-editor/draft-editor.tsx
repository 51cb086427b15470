// The draft editor: every item field grouped, with the user's cached UserSettings and the
// status rules of the service applied live by the core; the photos; publish, schedule, close, copy.
// Nothing here reaches the network: saving writes the local cache, the sync sends it.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { ImagesPanel } from '../images/images-panel.tsx';
import type { ImagesStore } from '../images/images-store.ts';
import type { EditorStore } from './editor-store.ts';
import { EDITOR_FIELDS, present, type EditorField } from './field-specs.ts';
import { FieldInput } from './field-input.tsx';
import { FIELD_GROUPS } from '../../../shared/item-fields.ts';

const GROUPS = FIELD_GROUPS;
const EDITABLE = ['draft', 'preview'];

function isFuture(requestTime: unknown): boolean {
  if (typeof requestTime !== 'string' || requestTime === '') return false;
  return new Date(requestTime.replace(' ', 'T')).getTime() > Date.now();
}

export function DraftEditor({ store, images }: { store: EditorStore; images: ImagesStore }) {
  const s = useStore(store);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { actions } = store;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    void images.actions.show(s.localId);
  }, [images, s.localId]);

  const row = s.row;
  if (!row) return null;
  const queued = s.queuedStatus !== null && s.queuedStatus !== row.status ? s.queuedStatus : null;
  const editable = EDITABLE.includes(row.status) && queued === null;
  const look = (spec: EditorField) => present(spec, s.settings, s.values);
  const blocking = s.problems.filter((p) => p.code !== 'required');
  const scheduled = isFuture(s.values.listTime);
  // Values the settings do not allow (from an import, or settings changed since): shown so they can be cleared.
  const notAllowed = EDITOR_FIELDS.filter((f) => !look(f).shown && s.values[f.field] != null && s.problems.some((p) => p.field === f.field && p.code === 'not-allowed'));
  const title = typeof s.values.title === 'string' && s.values.title !== '' ? s.values.title : `Draft ${row.localId}`;

  return (
    <dialog
      ref={dialogRef}
      className="dialog editor"
      aria-labelledby="editor-title"
      onCancel={(e) => {
        e.preventDefault();
        if (s.dirty.length === 0) actions.close();
      }}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          void actions.save();
        }
      }}
    >
      <header className="editor-head">
        <h2 id="editor-title">{title}</h2>
        <span className={`status status-${row.status}`}>{row.status}</span>
        {queued && <span className="badge warn">{queued} · queued for the next sync</span>}
        <span className={`badge sync-${row.syncState}`}>{row.syncState === 'local-only' ? 'not yet on the marketplace' : row.syncState}</span>
        {row.remoteId !== null && <span className="muted">item {row.remoteId}</span>}
        <span className="spacer" />
        <span className="muted" aria-live="polite">
          {s.dirty.length > 0 ? `${s.dirty.length} unsaved change${s.dirty.length === 1 ? '' : 's'}` : 'All changes saved locally'}
        </span>
        <button type="button" aria-label="Close editor" onClick={actions.close} disabled={s.dirty.length > 0} title={s.dirty.length > 0 ? 'Save or discard first' : 'Close (Esc)'}>✕</button>
      </header>
      {s.settings === null && <p className="notice info">No account settings cached yet: only the fixed rules of the marketplace are checked.</p>}
      {row.syncState === 'rejected' && row.rejectReason && <p className="notice error">The marketplace refused this item: {row.rejectReason}</p>}
      {s.message && (
        <div className={`notice ${s.message.kind}`} role={s.message.kind === 'error' ? 'alert' : 'status'}>
          <span>{s.message.text}</span>
          <button type="button" aria-label="Dismiss" onClick={actions.dismiss}>✕</button>
        </div>
      )}

      <div className="editor-body">
        <form
          className="editor-form"
          aria-label="Item parameters"
          onSubmit={(e) => {
            e.preventDefault();
            void actions.save();
          }}
        >
          <fieldset disabled={!editable || s.busy}>
            {!editable && <p className="muted">{queued ? `Queued to become ${queued}: editing waits until the sync has sent it.` : `A ${row.status} item cannot be edited (only drafts and previews).`}</p>}
            {GROUPS.map((group) => {
              const fields = EDITOR_FIELDS.filter((f) => f.group === group && look(f).shown);
              if (fields.length === 0) return null;
              return (
                <section key={group} className="editor-group" aria-label={group}>
                  <h3>{group}</h3>
                  {fields.map((spec) => (
                    <FieldInput
                      key={spec.field}
                      spec={spec}
                      look={look(spec)}
                      value={s.values[spec.field]}
                      problems={s.problems.filter((p) => p.field === spec.field)}
                      categories={s.categories}
                      onChange={(value) => actions.setField(spec.field, value)}
                    />
                  ))}
                </section>
              );
            })}
            {notAllowed.length > 0 && (
              <section className="editor-group not-allowed" aria-label="Not available to this account">
                <h3>Not available to this account</h3>
                {notAllowed.map((f) => (
                  <p key={f.field}>
                    {f.label}: {String(s.values[f.field])}{' '}
                    <button type="button" onClick={() => actions.setField(f.field, null)}>Clear</button>
                  </p>
                ))}
              </section>
            )}
          </fieldset>
        </form>
        <ImagesPanel store={images} problems={s.problems.filter((p) => p.field === 'images').map((p) => p.message)} />
      </div>

      <footer className="editor-actions">
        <span className="problem-summary" role="status">
          {blocking.length > 0
            ? `${blocking.length} problem${blocking.length === 1 ? '' : 's'} to fix before saving`
            : s.problems.length > 0 ? `${s.problems.length} field${s.problems.length === 1 ? '' : 's'} missing before publishing` : 'Ready to publish'}
        </span>
        <span className="spacer" />
        {s.dirty.length > 0 && <button type="button" onClick={() => void actions.open(row.localId)}>Discard changes</button>}
        {editable && <button type="button" className="primary" disabled={s.busy || s.dirty.length === 0 || blocking.length > 0} onClick={() => void actions.save()}>Save</button>}
        {editable && (
          <button type="button" disabled={s.busy || s.problems.length > 0} onClick={() => void actions.publish()}
            title={scheduled ? `Listed from ${String(s.values.listTime)}` : 'Queued now, sent on the next sync'}>
            {scheduled ? 'Schedule' : 'Publish'}
          </button>
        )}
        {(queued ?? row.status) === 'published' && !queued && <button type="button" disabled={s.busy} onClick={() => void actions.closeItem()}>Close item</button>}
        {row.status === 'closed' && row.remoteId !== null && <button type="button" disabled={s.busy} onClick={() => void actions.copyClosed()}>Copy as new draft</button>}
      </footer>
    </dialog>
  );
}
