// The draft editor: every item field grouped, with the user's cached UserSettings and the
// status rules of the service applied live by the core; the photos; publish, schedule, close, copy.
// Nothing here reaches the network: saving writes the local cache, the sync sends it.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { ImagesPanel } from '../images/images-panel.tsx';
import type { ImagesStore } from '../images/images-store.ts';
import { useFormatter, useT } from '../i18n/intl.ts';
import { fieldLabelId } from '../i18n/translate.ts';
import type { EditorStore } from './editor-store.ts';
import { useSaid } from './error-text.ts';
import { EDITOR_FIELDS, present, type EditorField } from './field-specs.ts';
import { FieldInput, useProblemText } from './field-input.tsx';
import { ReadOnlyPhotos } from './read-only-photos.tsx';
import { useStatusWords } from './status-words.ts';
import { FIELD_GROUPS, type ItemFieldName } from '../../../shared/item-fields.ts';
import { BusyButton } from '../a11y/busy-button.tsx';
import { CategoryChips, MarketPanel } from '../research/market-panel.tsx';
import type { ResearchStore } from '../research/research-store.ts';

const GROUPS = FIELD_GROUPS;
const EDITABLE = ['draft', 'preview'];

function isFuture(requestTime: unknown): boolean {
  if (typeof requestTime !== 'string' || requestTime === '') return false;
  return new Date(requestTime.replace(' ', 'T')).getTime() > Date.now();
}

export function DraftEditor({ store, images, research }: { store: EditorStore; images: ImagesStore; research: ResearchStore }) {
  const s = useStore(store);
  const t = useT();
  const said = useSaid();
  const format = useFormatter();
  const words = useStatusWords();
  const problemText = useProblemText();
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

  // The Market panel shows the draft's kept research (no request until the seller asks).
  useEffect(() => {
    if (s.localId === null) return;
    void research.actions.show(s.localId);
    return () => {
      research.actions.hide();
      research.actions.clearSuggestions();
    };
  }, [research, s.localId]);

  // Category suggestions as the title is typed (after a pause), for a draft still to be listed:
  // asked when the title changes or the draft has no category yet, never merely for opening one
  // (each costs requests of the day's budget).
  const typedTitle = typeof s.values.title === 'string' ? s.values.title : '';
  const wantsSuggestions = s.row !== null && EDITABLE.includes(s.row.status) && (s.dirty.includes('title') || s.values.categoryId == null);
  useEffect(() => {
    if (wantsSuggestions) research.actions.titleTyped(typedTitle, s.localId);
    else research.actions.clearSuggestions();
  }, [research, typedTitle, wantsSuggestions, s.localId]);

  const row = s.row;
  if (!row) return null;
  const queued = s.queuedStatus !== null && s.queuedStatus !== row.status ? s.queuedStatus : null;
  const editable = EDITABLE.includes(row.status) && queued === null;
  const look = (spec: EditorField) => present(spec, s.settings, s.values);
  const blocking = s.problems.filter((p) => p.code !== 'required');
  const scheduled = isFuture(s.values.listTime);
  // Values the settings do not allow (from an import, or settings changed since): shown so they can be cleared.
  const notAllowed = EDITOR_FIELDS.filter((f) => !look(f).shown && s.values[f.field] != null && s.problems.some((p) => p.field === f.field && p.code === 'not-allowed'));
  const title = typeof s.values.title === 'string' && s.values.title !== '' ? s.values.title : t('editor.untitled', { id: row.localId });
  const listTime = typeof s.values.listTime === 'string' ? format.dateTime(s.values.listTime) : '';

  return (
    <dialog
      ref={dialogRef}
      className="dialog editor"
      aria-labelledby="editor-title"
      onCancel={(e) => {
        e.preventDefault();
        if (s.dirty.length === 0) void actions.close();
      }}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          void actions.save();
        }
        // Alt+M researches the market; Alt+Shift+1…3 takes a suggested category.
        if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === 'KeyM') {
          e.preventDefault();
          void research.actions.research(row.localId);
        }
        const digit = /^Digit([1-3])$/.exec(e.code);
        if (e.altKey && e.shiftKey && digit && editable) {
          const current = typeof s.values.categoryId === 'number' ? s.values.categoryId : null;
          const chosen = (research.getState().suggestions?.items ?? []).filter((c) => c.categoryId !== current)[Number(digit[1]) - 1];
          if (chosen) {
            e.preventDefault();
            actions.setField('categoryId', chosen.categoryId);
          }
        }
      }}
    >
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

      <div className="editor-body">
        <form
          className="editor-form"
          aria-label={t('editor.form')}
          onSubmit={(e) => {
            e.preventDefault();
            void actions.save();
          }}
        >
          <fieldset disabled={!editable || s.busy}>
            {!editable && (
              <p className="muted read-only-note">
                {queued ? t('editor.readOnly.queued', { status: words.status(queued) }) : t('editor.readOnly.status', { status: words.status(row.status) })}
              </p>
            )}
            {GROUPS.map((group) => {
              const fields = EDITOR_FIELDS.filter((f) => f.group === group && look(f).shown);
              if (fields.length === 0) return null;
              return (
                <section key={group} className="editor-group" aria-label={t(`fieldGroup.${group}`)}>
                  <h3>{t(`fieldGroup.${group}`)}</h3>
                  {fields.map((spec) => (
                    <div key={spec.field} className="editor-field-wrap">
                      <FieldInput
                        spec={spec}
                        look={look(spec)}
                        value={s.values[spec.field]}
                        problems={s.problems.filter((p) => p.field === spec.field)}
                        categories={s.categories}
                        values={s.values}
                        onChange={(value) => actions.setField(spec.field, value)}
                      />
                      {spec.field === 'categoryId' && (
                        <CategoryChips store={research} categories={s.categories} current={typeof s.values.categoryId === 'number' ? s.values.categoryId : null}
                          onTake={(categoryId) => actions.setField('categoryId', categoryId)} />
                      )}
                    </div>
                  ))}
                </section>
              );
            })}
            {notAllowed.length > 0 && (
              <section className="editor-group not-allowed" aria-label={t('editor.notAllowed')}>
                <h3>{t('editor.notAllowed')}</h3>
                {notAllowed.map((f) => (
                  <p key={f.field}>
                    {t(fieldLabelId(f.field as ItemFieldName))}: {String(s.values[f.field])}{' '}
                    <button type="button" onClick={() => actions.setField(f.field, null)}>{t('editor.clear')}</button>
                  </p>
                ))}
              </section>
            )}
          </fieldset>
        </form>
        <div className="editor-side">
          {/* Photos follow the item's status, as the core does: a draft waiting for its publish still takes them. */}
          {EDITABLE.includes(row.status)
            ? <ImagesPanel store={images} problems={s.problems.filter((p) => p.field === 'images').map(problemText)} />
            : <ReadOnlyPhotos store={images} status={words.status(row.status)} />}
          <MarketPanel
            store={research}
            localId={row.localId}
            categories={s.categories}
            unsaved={s.dirty.some((f) => f === 'title' || f === 'categoryId' || f === 'condition')}
            {...(editable ? {
              onUsePrice: (saleMethod: 'buy-now' | 'auction', price: number) => {
                actions.setField('saleMethod', saleMethod);
                actions.setField(saleMethod === 'buy-now' ? 'buyNowPrice' : 'startingPrice', price);
              },
              onUseCategory: (categoryId: number) => actions.setField('categoryId', categoryId),
            } : {})}
          />
        </div>
      </div>

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
    </dialog>
  );
}
