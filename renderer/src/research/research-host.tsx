// Where research lives on the drafts screen (issue 39): the Actions menu's entries (research the
// market of the selection, set categories from the market), the grid's shortcut (Ctrl+Shift+M:
// the focused draft's market, or the selection's in bulk), the dialogs, and the bulk run's
// progress bar, which stays while the run goes on after its dialog is closed.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { parseDecimal } from '../../../shared/format/parse-decimal.ts';
import { BusyButton } from '../a11y/busy-button.tsx';
import { categoryPath, useCategories } from '../categories/categories.ts';
import type { ExtraMenuItem } from '../drafts/actions-menu.tsx';
import { selectionTarget } from '../drafts/bulk-actions-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { cancelWhileWriting, WriteOutcome, WriteProgressBar } from '../drafts/write-progress.tsx';
import { describeError } from '../i18n/describe-error.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import { useModalDialog } from '../navigation/use-modal-dialog.ts';
import { MarketPanel } from './market-panel.tsx';
import type { ResearchStore } from './research-store.ts';

/** The Actions menu's research entries, on the selection (or the focused row). */
export function researchMenu(store: ResearchStore, drafts: DraftsStore): readonly ExtraMenuItem[] {
  return [
    { id: 'research', label: 'research.menu.bulk', run: () => openBulk(store, drafts) },
    { id: 'research-categories', label: 'research.menu.categories', run: () => void openCategories(store, drafts) },
  ];
}

function openBulk(store: ResearchStore, drafts: DraftsStore): void {
  const chosen = selectionTarget(drafts);
  if (chosen) store.actions.openDialog({ kind: 'bulk', target: chosen.target, count: chosen.count });
}

async function openCategories(store: ResearchStore, drafts: DraftsStore): Promise<void> {
  const chosen = selectionTarget(drafts);
  if (!chosen) return;
  const localIds = 'localIds' in chosen.target ? chosen.target.localIds : await store.actions.idsOf(chosen.target.query);
  if (localIds.length > 0) store.actions.openDialog({ kind: 'categories', of: { localIds } });
}

/** Ctrl+Shift+M on the drafts screen: the focused draft's market, or the selection's in bulk. */
export function useResearchShortcut(store: ResearchStore, drafts: DraftsStore, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || !event.shiftKey || event.code !== 'KeyM' || store.getState().dialog) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      const s = drafts.getState();
      if (s.selected.size > 1) openBulk(store, drafts);
      else {
        const row = s.selected.size === 1 ? s.rows.find((r) => r && s.selected.has(r.localId)) : s.rows[s.focusRow];
        if (row) store.actions.openDialog({ kind: 'market', localId: row.localId });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, drafts, active]);
}

export function ResearchHost({ store, drafts }: { store: ResearchStore; drafts: DraftsStore }) {
  const dialog = useStore(store, (s) => s.dialog);
  if (!dialog) return null;
  if (dialog.kind === 'market') return <MarketDialog store={store} drafts={drafts} localId={dialog.localId} />;
  if (dialog.kind === 'bulk') return <BulkResearchDialog store={store} drafts={drafts} />;
  return <CategoriesDialog store={store} drafts={drafts} />;
}

function MarketDialog({ store, drafts, localId }: { store: ResearchStore; drafts: DraftsStore; localId: number }) {
  const t = useT();
  const ref = useModalDialog();
  const categories = useCategories();
  const row = useStore(drafts, (s) => s.rows.find((r) => r?.localId === localId));
  const editable = row ? row.status === 'draft' || row.status === 'preview' : false;
  const use = async (changes: Record<string, string | number>) => {
    if (await store.actions.useOnDraft(localId, changes)) void drafts.getState().refreshRows([localId]);
  };
  const title = typeof row?.fields.title === 'string' && row.fields.title !== '' ? row.fields.title : t('editor.untitled', { id: localId });
  return (
    <dialog ref={ref} className="dialog wide market-dialog" aria-labelledby="market-dialog-title" onCancel={(e) => { e.preventDefault(); store.actions.closeDialog(); }}>
      <h2 id="market-dialog-title">{t('research.dialog.title', { title })}</h2>
      <MarketPanel store={store} localId={localId} categories={categories}
        {...(editable ? {
          onUsePrice: (saleMethod: 'buy-now' | 'auction', price: number) => void use({ saleMethod, [saleMethod === 'buy-now' ? 'buyNowPrice' : 'startingPrice']: price }),
          onUseCategory: (categoryId: number) => void use({ categoryId }),
        } : {})} />
      <div className="dialog-actions">
        <span className="spacer" />
        <button type="button" autoFocus onClick={() => store.actions.closeDialog()}>{t('common.close')}</button>
      </div>
    </dialog>
  );
}

function BudgetField({ store }: { store: ResearchStore }) {
  const t = useT();
  const budget = useStore(store, (s) => s.budget);
  const [text, setText] = useState('');
  useEffect(() => {
    if (budget) setText(String(budget.dailyLimit));
  }, [budget?.dailyLimit]); // only a new limit resets the field
  if (!budget) return null;
  const value = parseDecimal(text);
  const valid = value !== null && Number.isInteger(value) && value >= 1 && value <= 100_000;
  return (
    <form className="budget-row" onSubmit={(e) => { e.preventDefault(); if (valid) void store.actions.setBudget(value); }}>
      <p>{t('research.budget.used', { used: budget.used, limit: budget.dailyLimit })}</p>
      <label>{t('research.budget.label')} <input inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} size={6} aria-invalid={!valid} /></label>
      <button type="submit" disabled={!valid || value === budget.dailyLimit}>{t('research.budget.set')}</button>
    </form>
  );
}

function BulkResearchDialog({ store, drafts }: { store: ResearchStore; drafts: DraftsStore }) {
  const t = useT();
  const say = useMessage();
  const ref = useModalDialog();
  const dialog = useStore(store, (s) => s.dialog);
  const bulk = useStore(store, (s) => s.bulk);
  const error = useStore(store, (s) => s.error);
  if (dialog?.kind !== 'bulk') return null;
  const running = bulk !== null && (bulk.state === 'running' || bulk.state === 'waiting');
  const close = () => {
    store.actions.closeDialog();
    if (bulk && !running) void drafts.getState().reload();
  };
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="bulk-research-title" onCancel={(e) => { e.preventDefault(); close(); }}>
      <h2 id="bulk-research-title">{t('research.bulk.title', { count: dialog.count })}</h2>
      <p>{t('research.bulk.intro')}</p>
      <BudgetField store={store} />
      {error && <p className="notice error" role="alert">{say(describeError(error))}</p>}
      {bulk && <BulkProgress store={store} />}
      <div className="dialog-actions">
        <span className="spacer" />
        {running
          ? <button type="button" onClick={() => void store.actions.cancelBulk()}>{t('research.bulk.cancel')}</button>
          : <button type="button" className="primary" autoFocus onClick={() => void store.actions.startBulk(dialog.target)}>{t('research.bulk.start', { count: dialog.count })}</button>}
        <button type="button" onClick={close}>{running ? t('research.bulk.background') : t('common.close')}</button>
      </div>
    </dialog>
  );
}

/** The bulk run's progress: a bar and where it stands, in the dialog and on the drafts screen. */
export function BulkProgress({ store }: { store: ResearchStore }) {
  const t = useT();
  const format = useFormatter();
  const bulk = useStore(store, (s) => s.bulk);
  if (!bulk) return null;
  return (
    <div className="bulk-research-progress" role="status">
      <progress max={bulk.total} value={bulk.done} aria-label={t('research.bulk.progress')} />
      <span>{t('research.bulk.done', { done: bulk.done, total: bulk.total, priced: bulk.priced, requests: bulk.requests })}</span>
      {bulk.state !== 'running' && <span> {t(`research.bulk.state.${bulk.state}`, { time: bulk.resumesAt === null ? '' : format.time(bulk.resumesAt) })}</span>}
    </div>
  );
}

/** The drafts screen's bar while a run goes on with its dialog closed (Cancel beside it). */
export function BulkResearchBar({ store, drafts }: { store: ResearchStore; drafts: DraftsStore }) {
  const t = useT();
  const bulk = useStore(store, (s) => s.bulk);
  const dialogOpen = useStore(store, (s) => s.dialog?.kind === 'bulk');
  const running = bulk !== null && (bulk.state === 'running' || bulk.state === 'waiting');
  // The grid's market columns show what the run found once it ends.
  useEffect(() => {
    if (bulk && !running) void drafts.getState().reload();
  }, [bulk?.jobId, running]); // once per run's end
  if (!bulk || !running || dialogOpen) return null;
  return (
    <div className="toolbar-row bulk-research-bar">
      <BulkProgress store={store} />
      <button type="button" onClick={() => void store.actions.cancelBulk()}>{t('research.bulk.cancel')}</button>
    </div>
  );
}

function CategoriesDialog({ store, drafts }: { store: ResearchStore; drafts: DraftsStore }) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const ref = useModalDialog();
  const categories = useCategories();
  const preview = useStore(store, (s) => s.categoryPreview);
  const chosen = useStore(store, (s) => s.chosen);
  const busy = useStore(store, (s) => s.previewBusy);
  const error = useStore(store, (s) => s.error);
  const [applied, setApplied] = useState(0);
  const name = (id: number) => categoryPath(categories, id) ?? String(id);
  const close = () => {
    // The drafts' dialogs share the outcome message (write-progress.tsx): it goes with this one.
    drafts.getState().closePreview();
    store.actions.closeDialog();
  };
  // While the change runs, Esc and Close cancel it (the dialog stays to say how it ended).
  const dismiss = cancelWhileWriting(drafts, close);
  const writing = useStore(drafts, (s) => s.runningWrite !== null);
  const take = async (only?: number[]) => {
    const result = await drafts.getState().runNamedWrite('apply-categories', (writeId) => store.actions.applyCategories(only, writeId));
    if (result && result.changed > 0) {
      setApplied((n) => n + result.changed);
      void drafts.getState().reload();
    }
    if (!only && result) close();
  };
  const rows = preview?.choices.filter((c) => c.suggestions.length > 0) ?? [];
  const ready = rows.filter((c) => chosen[c.localId] != null).length;
  return (
    <dialog ref={ref} className="dialog wide" aria-labelledby="categories-title" aria-busy={busy || writing} onCancel={(e) => { e.preventDefault(); dismiss(); }}>
      <h2 id="categories-title">{t('research.categories.title')}</h2>
      {busy && <p role="status">{t('research.categories.asking')}</p>}
      {error && <p className="notice error" role="alert">{say(describeError(error))}</p>}
      {applied > 0 && <p role="status">{t('research.categories.applied', { count: applied })}</p>}
      {preview && (
        <>
          <p role="status">{t('research.categories.summary', { count: rows.length, without: preview.without })}</p>
          {preview.refused.length > 0 && <p className="notice warn">{t('research.categories.refused', { count: preview.refused.length })}</p>}
          {rows.length > 0 && (
            <div className="preview-scroll">
              <table className="preview-table">
                <thead><tr><th scope="col">{t('bulk.column.draft')}</th><th scope="col">{t('research.categories.now')}</th><th scope="col">{t('research.categories.suggested')}</th><th scope="col"><span className="visually-hidden">{t('research.categories.take')}</span></th></tr></thead>
                <tbody>
                  {rows.map((c) => (
                    <tr key={c.localId}>
                      <td>{c.title ?? t('bulk.draft', { id: c.localId })}</td>
                      <td>{c.from === null ? t('common.none') : name(c.from)}</td>
                      <td>
                        <select aria-label={t('research.categories.choice', { title: c.title ?? String(c.localId) })} value={chosen[c.localId] ?? ''}
                          onChange={(e) => store.actions.choose(c.localId, e.target.value === '' ? null : Number(e.target.value))}>
                          {c.suggestions.map((s) => <option key={s.categoryId} value={s.categoryId}>{t('research.categories.option', { name: name(s.categoryId), share: format.percent(s.share, 0) })}</option>)}
                          <option value="">{t('research.categories.skip')}</option>
                        </select>
                      </td>
                      <td><BusyButton type="button" busy={writing} disabled={chosen[c.localId] == null} onClick={() => void take([c.localId])}>{t('research.categories.take')}</BusyButton></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <WriteProgressBar store={drafts} />
      <WriteOutcome store={drafts} />
      <div className="dialog-actions">
        <span className="spacer" />
        <BusyButton type="button" className="primary" busy={busy || writing} disabled={ready === 0} onClick={() => void take()}>{t('research.categories.takeAll', { count: ready })}</BusyButton>
        <button type="button" onClick={dismiss}>{t('common.close')}</button>
      </div>
    </dialog>
  );
}
