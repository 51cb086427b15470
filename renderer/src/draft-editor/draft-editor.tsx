// The draft editor: every item field grouped, with the seller's cached ListingRules and the
// status rules of the service applied live by the core; the photos; the market's research;
// publish, schedule, close, copy. Nothing here reaches the network: saving writes the local
// cache, the sync sends it. Its parts: editor-head.tsx (head and notices), editor-form.tsx, editor-actions.tsx (footer),
// editor-research.ts, and editor-view.ts (what they derive alike).
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useT } from '../i18n/intl.ts';
import { ImagesPanel } from '../images/images-panel.tsx';
import type { ImagesStore } from '../images/images-store.ts';
import { MarketPanel } from '../research/market-panel.tsx';
import type { ResearchStore } from '../research/research-store.ts';
import { EditorActions } from './editor-actions.tsx';
import { EditorHead } from './editor-head.tsx';
import { EditorForm } from './editor-form.tsx';
import { researchKey, useEditorResearch } from './editor-research.ts';
import type { EditorStore } from './editor-store.ts';
import { EDITABLE_STATUSES, editorView } from './editor-view.ts';
import { useProblemText } from './field-input.tsx';
import { ReadOnlyPhotos } from './read-only-photos.tsx';
import { useStatusWords } from './status-words.ts';

export function DraftEditor({ store, images, research }: { store: EditorStore; images: ImagesStore; research: ResearchStore }) {
  const s = useStore(store);
  const t = useT();
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
  useEditorResearch(research, s);

  const row = s.row;
  if (!row) return null;
  const view = editorView(s, row);

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
        } else if (researchKey(e, research, store, row.localId, view.editable)) e.preventDefault();
      }}
    >
      <EditorHead s={s} view={view} store={store} />
      {/* An item shown from the marketplace's list has no field to focus (issue 38): its body is a stop of its own, so it scrolls from the keyboard. */}
      <div className="editor-body" {...(row.detailsMissing && !view.editable ? { tabIndex: 0, role: 'region', 'aria-label': t('editor.form') } : {})}>
        <EditorForm s={s} view={view} store={store} research={research} />
        <div className="editor-side">
          {/* Photos follow the item's status, as the core does: a draft waiting for its publish still takes them. */}
          {EDITABLE_STATUSES.includes(row.status)
            ? <ImagesPanel store={images} problems={s.problems.filter((p) => p.field === 'images').map(problemText)} />
            : <ReadOnlyPhotos store={images} status={words.status(row.status)} />}
          <MarketPanel
            store={research}
            localId={row.localId}
            categories={s.categories}
            unsaved={s.dirty.some((f) => f === 'title' || f === 'categoryId' || f === 'condition')}
            {...(view.editable ? {
              onUsePrice: (saleMethod: 'buy-now' | 'auction', price: number) => {
                actions.setField('saleMethod', saleMethod);
                actions.setField(saleMethod === 'buy-now' ? 'buyNowPrice' : 'startingPrice', price);
              },
              onUseCategory: (categoryId: number) => actions.setField('categoryId', categoryId),
            } : {})}
          />
        </div>
      </div>
      <EditorActions s={s} view={view} store={store} />
    </dialog>
  );
}
