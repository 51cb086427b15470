// The staggered schedule dialog: a start time, one every N minutes or spread evenly over a window,
// and before anything is queued the list of each selected item's start and end (the marketplace's
// wall clock, Finnish time) with the items it cannot take and why. A native modal dialog: the
// start field has the focus when it opens, Tab stays inside, Escape cancels, and the keyboard
// goes back to the grid when it closes. Nothing depends on the app staying open: each item gets
// its own list time and the marketplace starts it then.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { formatDateInput, formatTimeInput } from '../../../shared/format/date-input.ts';
import type { ItemFieldName } from '../../../shared/items/item-fields.ts';
import { BusyButton } from '../a11y/busy-button.tsx';
import { DateTimeField } from '../a11y/date-time-fields.tsx';
import { useMessage, useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { fieldLabelId } from '../i18n/translate.ts';
import type { SchedulePreview, ScheduleState, ScheduleStore } from './schedule-store.ts';
import './rules.css';

/** `2026-11-25T12:00` (the date and time field's value) as the service reads it, or null. */
const fromInput = (value: string): string | null => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value.replace('T', ' ')}:00` : null);
const toInput = (value: string | null): string | null => (value === null ? null : value.slice(0, 16).replace(' ', 'T'));

/** The service's wall-clock time as the language writes it (no zone conversion: it is Finnish time). */
export function wallClock(value: string | null, locale: string): string {
  const m = value === null ? null : /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  if (!m) return value ?? '–';
  const [, y, mo, d, h, mi] = m;
  // As the date and time fields write them (shared/format/date-input.ts); Finnish says "klo".
  const date = formatDateInput(`${y}-${mo}-${d}`, locale === 'fi' ? 'fi' : 'en');
  const time = formatTimeInput(`${h}:${mi}`, locale === 'fi' ? 'fi' : 'en');
  return locale === 'fi' ? `${date} klo ${time}` : `${date} ${time}`;
}

function Refusal({ item }: { item: SchedulePreview['refused'][number] }) {
  const t = useT();
  const field = item.field === null ? '' : item.field === 'images' ? t('bulkActions.photos') : t(fieldLabelId(item.field as ItemFieldName));
  if (item.reason === 'missing' || item.reason === 'invalid') return <>{t(`bulkActions.reason.${item.reason}`, { field })}</>;
  if (item.reason === 'gone') return <>{t('bulkActions.reason.gone')}</>;
  return <>{t('schedule.reason.other')}</>;
}

export function ScheduleDialog({ store }: { store: ScheduleStore }) {
  const dialog = useStore(store, (s) => s.dialog);
  const locale = useStore(localeStore, (s) => s.locale);
  const t = useT();
  const say = useMessage();
  const ref = useRef<HTMLDialogElement>(null);
  const startRef = useRef<HTMLInputElement>(null);
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
    startRef.current?.focus();
    return () => {
      element.close();
      (cancelled.current && opener?.isConnected ? opener : document.querySelector<HTMLElement>('[role=grid]'))?.focus({ preventScroll: true });
    };
  }, [isOpen]);
  if (!dialog) return null;
  const { preview } = dialog;
  const ready = preview?.items.length ?? 0;
  const change = (values: Parameters<ScheduleState['change']>[0]) => void store.getState().change(values);

  return (
    <dialog ref={ref} className="dialog schedule-dialog" aria-labelledby="schedule-title" onCancel={(e) => { e.preventDefault(); cancel(); }}>
      <h2 id="schedule-title">{t('schedule.title', { count: dialog.count })}</h2>
      <form onSubmit={(e) => { e.preventDefault(); void store.getState().confirm(); }}>
        <div className="schedule-fields">
          {/* The app's own date and time inputs, in its language (issue 21): not datetime-local. */}
          <span className="schedule-start">
            {t('schedule.start')}{' '}
            <DateTimeField label={t('schedule.start')} inputRef={startRef} value={toInput(dialog.start)} onChange={(v) => change({ start: v === null ? null : fromInput(v) })} />
          </span>
          <fieldset>
            <legend>{t('schedule.spacing')}</legend>
            <label><input type="radio" name="schedule-kind" value="every" checked={dialog.kind === 'every'} onChange={() => change({ kind: 'every' })} />{t('schedule.every')}</label>
            <label><input type="radio" name="schedule-kind" value="window" checked={dialog.kind === 'window'} onChange={() => change({ kind: 'window' })} />{t('schedule.window')}</label>
          </fieldset>
          <label>{t(dialog.kind === 'every' ? 'schedule.minutes.every' : 'schedule.minutes.window')}
            <input type="number" min={1} inputMode="numeric" value={dialog.minutes ?? ''} onChange={(e) => change({ minutes: e.target.value === '' ? null : Math.floor(Number(e.target.value)) })} />
          </label>
        </div>
        <p className="hint">{t('schedule.hint')}</p>
        <p role="status" className="schedule-status">
          {dialog.start === null ? t('schedule.pick') : dialog.busy === 'checking' ? t('bulkActions.checking') : dialog.busy === 'running' ? t('bulkActions.running') : preview ? t('schedule.ready', { count: ready, refused: preview.refused.length }) : ''}
        </p>
        {dialog.error && <p role="alert" className="error">{say(dialog.error)}</p>}
        {preview && preview.items.length > 0 && (
          <div className="schedule-preview" tabIndex={0} role="region" aria-label={t('schedule.previewTitle')}>
            <table>
              <caption>{t('schedule.previewTitle')}</caption>
              <thead><tr><th scope="col">{t('schedule.item')}</th><th scope="col">{t('schedule.starts')}</th><th scope="col">{t('schedule.ends')}</th></tr></thead>
              <tbody>
                {preview.items.map((item) => (
                  <tr key={item.localId}>
                    <th scope="row">{item.title ?? t('bulkActions.untitled', { localId: String(item.localId) })}</th>
                    <td>{wallClock(item.listTime, locale)}</td>
                    <td>{wallClock(item.closingTime, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {preview && preview.refused.length > 0 && (
          <div className="refused">
            <p>{t('schedule.refused', { count: preview.refused.length })}</p>
            <ul>
              {preview.refused.map((item) => (
                <li key={item.localId}>{item.title ?? t('bulkActions.untitled', { localId: String(item.localId) })}: <Refusal item={item} /></li>
              ))}
            </ul>
          </div>
        )}
        <div className="dialog-actions">
          <span className="spacer" />
          <BusyButton type="submit" className="primary" busy={dialog.busy !== false} disabled={ready === 0}>{t('schedule.confirm', { count: ready })}</BusyButton>
          <button type="button" onClick={cancel}>{t('common.cancel')}</button>
        </div>
      </form>
    </dialog>
  );
}
