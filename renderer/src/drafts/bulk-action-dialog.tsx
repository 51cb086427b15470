// The dialog that shows first what a bulk action will do: how many items change, which cannot
// and why (grouped by reason, with counts and a few titles), a list time for a schedule; then
// "Publish 47" runs it. Also the progress bar of the last run and the grid's shortcuts.
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { ItemFieldName } from '../../../shared/items/item-fields.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import { fieldLabelId } from '../i18n/translate.ts';
import type { ActionPreview, BulkActionsStore } from './bulk-actions-store.ts';
import './bulk-actions.css';
import { BusyButton } from '../a11y/busy-button.tsx';
import { DateTimeField } from '../a11y/date-time-fields.tsx';

type Refused = ActionPreview['refused'][number];

/** `2026-11-25T12:00` (the list time field's value) as the service reads it, or null. */
const fromInput = (value: string): string | null => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value.replace('T', ' ')}:00` : null);
/** The service's `2026-11-25 12:00:00` as the list time field's value. */
const toInput = (listTime: string | null): string | null => (listTime ? listTime.slice(0, 16).replace(' ', 'T') : null);

function Reason({ group }: { group: Refused }) {
  const t = useT();
  // A problem names a field of the registry, or 'images' for the photo count.
  const field = group.field === null ? '' : group.field === 'images' ? t('bulkActions.photos') : t(fieldLabelId(group.field as ItemFieldName));
  switch (group.reason) {
    case 'missing':
    case 'invalid':
      return <>{t(`bulkActions.reason.${group.reason}`, { field })}</>;
    case 'status':
    case 'queued':
      return <>{t(`bulkActions.reason.${group.reason}`, { status: group.status })}</>;
    case 'gone':
    case 'sold':
    case 'copied':
    case 'unread':
      return <>{t(`bulkActions.reason.${group.reason}`)}</>;
    default: {
      const unknown: never = group.reason;
      return <>{String(unknown)}</>;
    }
  }
}

export function BulkActionDialog({ store }: { store: BulkActionsStore }) {
  const dialog = useStore(store, (s) => s.dialog);
  const t = useT();
  const intl = useIntl();
  const format = useFormatter();
  const describe = useMessage();
  const ref = useRef<HTMLDialogElement>(null);
  const timeRef = useRef<HTMLInputElement>(null);
  const isOpen = dialog !== null;
  const cancelled = useRef(false);
  const cancel = () => {
    cancelled.current = true;
    store.getState().cancel();
  };
  useEffect(() => {
    const element = ref.current;
    if (!isOpen || !element) return;
    // Cancelled (Esc, Cancel), whatever opened it gets the keyboard back: the Actions menu's button,
    // or the grid (a shortcut). Done, the grid has it, where the action's rows are.
    cancelled.current = false;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    element.showModal();
    timeRef.current?.focus();
    return () => {
      element.close();
      (cancelled.current && opener?.isConnected ? opener : document.querySelector<HTMLElement>('[role=grid]'))?.focus({ preventScroll: true });
    };
  }, [isOpen]);
  if (!dialog) return null;
  const { action, preview } = dialog;
  const titles = (samples: Refused['samples']) => intl.formatList(samples.map((s) => s.title ?? t('bulkActions.untitled', { localId: String(s.localId) })));

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="bulk-action-title" onCancel={(e) => { e.preventDefault(); cancel(); }}>
      <h2 id="bulk-action-title">{t('bulkActions.title', { action, count: dialog.count })}</h2>
      {action === 'schedule' && (
        <p>
          {/* The app's own date and time inputs, in its language (issue 21): not datetime-local. */}
          <span className="list-time">
            {t('bulkActions.listTime')}{' '}
            <DateTimeField label={t('bulkActions.listTime')} inputRef={timeRef} value={toInput(dialog.listTime)} onChange={(v) => void store.getState().setListTime(v === null ? null : fromInput(v))} />
          </span>
          {dialog.listTime === null && <span className="hint"> {t('bulkActions.listTime.pick')}</span>}
        </p>
      )}
      {dialog.busy && <p role="status">{t(dialog.busy === 'running' ? 'bulkActions.running' : 'bulkActions.checking')}</p>}
      {dialog.error && <p className="refused" role="alert">{describe(dialog.error)}</p>}
      {preview && (
        <section aria-label={t('bulkActions.menu')}>
          <p role="status">
            <strong>{preview.ready > 0 ? t('bulkActions.ready', { action, count: preview.ready, time: dialog.listTime ? format.dateTime(dialog.listTime) : '' }) : t('bulkActions.none')}</strong>
            {action === 'publish' && preview.scheduled > 0 && <> <span data-testid="scheduled-count">{t('bulkActions.scheduled', { scheduled: preview.scheduled, now: preview.ready - preview.scheduled })}</span></>}
            {(preview.toRead ?? 0) > 0 && <> <span data-testid="to-read-count">{t('bulkActions.toRead', { count: preview.toRead ?? 0 })}</span></>}
          </p>
          {preview.refused.length > 0 && (
            <div className="refused">
              <p>{t('bulkActions.refused', { count: preview.refused.reduce((n, g) => n + g.count, 0) })} {t('bulkActions.rule', { action })}</p>
              <ul>
                {preview.refused.map((g) => (
                  <li key={`${g.reason}-${g.field ?? ''}-${g.status ?? ''}`}>
                    <strong>{format.number(g.count)}</strong> · <Reason group={g} /> ({t('bulkActions.examples', { titles: titles(g.samples) })})
                  </li>
                ))}
              </ul>
            </div>
          )}
          {preview.ready > 0 && action !== 'relist' && <p className="hint">{t('bulkActions.undoHint')}</p>}
        </section>
      )}
      <div className="dialog-actions">
        <span className="spacer" />
        <BusyButton type="button" className="primary" busy={dialog.busy !== false} disabled={!preview || preview.ready === 0} onClick={() => void store.getState().confirm()}>
          {t('bulkActions.confirm', { action, count: preview?.ready ?? 0 })}
        </BusyButton>
        <button type="button" onClick={cancel}>{t('common.cancel')}</button>
      </div>
    </dialog>
  );
}

/** The last run as the sync carries it: sent of total, and the ones the marketplace refused. */
export function BulkActionProgress({ store }: { store: BulkActionsStore }) {
  const run = useStore(store, (s) => s.run);
  const t = useT();
  if (!run || run.total === 0) return null;
  return (
    <div className="bulk-progress progress-line" role="status" aria-label={t('bulkActions.progress.label')}>
      <progress max={run.total} value={run.sent + run.failed} />
      <span>{t('bulkActions.progress', { sent: run.sent, total: run.total })}</span>
      {run.failed > 0 && <span className="warning">{t('bulkActions.progress.failed', { failed: run.failed })}</span>}
    </div>
  );
}

/**
 * The drafts screen's shortcuts: Ctrl+Shift+P publishes the selected (or focused) drafts, Ctrl+F
 * goes to the grid's search instead of the browser's find. Not while a dialog is open.
 */
export function useBulkShortcuts(store: BulkActionsStore, searchId: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || document.querySelector('dialog[open]')) return;
      const key = event.key.toLowerCase();
      if (event.shiftKey && key === 'p') {
        event.preventDefault();
        void store.getState().open('publish');
      } else if (!event.shiftKey && key === 'f') {
        event.preventDefault();
        const search = document.getElementById(searchId);
        if (search instanceof HTMLInputElement) {
          search.focus();
          search.select();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, searchId, enabled]);
}

/** The hint line's part for these shortcuts. */
export function BulkShortcutsHint() {
  return <> · <FormattedMessage id="bulkActions.hint" values={{ kbd: (chunks) => <kbd>{chunks}</kbd> }} /></>;
}
