// The editor's head: the title, status, sync state and item number, whether all is saved, the
// close button; under it the notices (no settings cached, the marketplace's refusal, the last
// action's message).
import { useT } from '../i18n/intl.ts';
import type { EditorState, EditorStore } from './editor-store.ts';
import type { EditorView } from './editor-view.ts';
import { useSaid } from './error-text.ts';
import { useStatusWords } from './status-words.ts';

export function EditorHead({ s, view, store }: { s: EditorState; view: EditorView; store: EditorStore }) {
  const t = useT();
  const said = useSaid();
  const words = useStatusWords();
  const { row, queued } = view;
  const { actions } = store;
  const title = typeof s.values.title === 'string' && s.values.title !== '' ? s.values.title : t('editor.untitled', { id: row.localId });
  return (
    <>
      <header className="editor-head">
        <h2 id="editor-title">{title}</h2>
        <span className={`status status-${row.status}`}>{words.status(row.status)}</span>
        {queued && <span className="badge warn">{t('editor.queued', { status: words.status(queued) })}</span>}
        <span className={`badge sync-${row.syncState}`}>{words.sync(row.syncState)}</span>
        {row.remoteId !== null && <span className="muted">{t('editor.itemNumber', { id: row.remoteId })}</span>}
        <span className="spacer" />
        <span className="muted" aria-live="polite">
          {s.dirty.length > 0 ? t('editor.unsaved', { count: s.dirty.length }) : t('editor.allSaved')}
        </span>
        <button type="button" aria-label={t('editor.close')} onClick={() => void actions.close()} disabled={s.dirty.length > 0} title={t(s.dirty.length > 0 ? 'editor.close.blocked' : 'editor.close.hint')}>✕</button>
      </header>
      {s.settings === null && <p className="notice info">{t('editor.noSettings')}</p>}
      {row.syncState === 'rejected' && row.rejectReason && <p className="notice error">{t('editor.rejected', { reason: row.rejectReason })}</p>}
      {s.message && (
        <div className={`notice ${s.message.kind}`} role={s.message.kind === 'error' ? 'alert' : 'status'}>
          <span>{'msg' in s.message ? said(s.message.msg) : said(s.message.error)}</span>
          <button type="button" aria-label={t('common.dismiss')} onClick={actions.dismiss}>✕</button>
        </div>
      )}
    </>
  );
}
