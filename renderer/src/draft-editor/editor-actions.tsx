// The editor's footer: what publishing lacks, then discard, save, publish or schedule, close, copy.
import { BusyButton } from '../a11y/busy-button.tsx';
import { useFormatter, useT } from '../i18n/intl.ts';
import type { EditorState, EditorStore } from './editor-store.ts';
import type { EditorView } from './editor-view.ts';

export function EditorActions({ s, view, store }: { s: EditorState; view: EditorView; store: EditorStore }) {
  const t = useT();
  const format = useFormatter();
  const { row, queued, editable, blocking, scheduled } = view;
  const { actions } = store;
  const listTime = typeof s.values.listTime === 'string' ? format.dateTime(s.values.listTime) : '';
  return (
    <footer className="editor-actions">
      {/* Only an item that can still be edited and published is told what publishing lacks. */}
      {editable && (
        <span className="problem-summary" role="status">
          {blocking.length > 0
            ? t('editor.summary.blocking', { count: blocking.length })
            : s.problems.length > 0 ? t('editor.summary.missing', { count: s.problems.length }) : t('editor.summary.ready')}
        </span>
      )}
      <span className="spacer" />
      {s.dirty.length > 0 && <button type="button" onClick={() => void actions.open(row.localId)}>{t('editor.discard')}</button>}
      {editable && <BusyButton type="button" className="primary" busy={s.busy} disabled={s.dirty.length === 0 || blocking.length > 0} onClick={() => void actions.save()}>{t('common.save')}</BusyButton>}
      {editable && (
        <BusyButton type="button" busy={s.busy} disabled={s.problems.length > 0} onClick={() => void actions.publish()}
          title={scheduled ? t('editor.schedule.hint', { time: listTime }) : t('editor.publish.hint')}>
          {scheduled ? t('editor.schedule') : t('editor.publish')}
        </BusyButton>
      )}
      {(queued ?? row.status) === 'published' && !queued && <BusyButton type="button" busy={s.busy} onClick={() => void actions.closeItem()}>{t('editor.closeItem')}</BusyButton>}
      {row.status === 'closed' && row.remoteId !== null && <BusyButton type="button" busy={s.busy} onClick={() => void actions.copyClosed()}>{t('editor.copy')}</BusyButton>}
    </footer>
  );
}
