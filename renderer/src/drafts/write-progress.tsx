// The progress of a bulk change under way (a bulk edit, price and text rules, a template,
// categories from the market), shown in its dialog: a change of a whole shop's 100,000 drafts takes seconds, and the seller sees it
// move (drafts.writeProgress: planned, then written) and may cancel it (nothing of it is saved;
// one that was saved first stays one undo step). A long one (SPOKEN_FROM drafts or more) is
// spoken at every quarter, not at each report; a short one only by its outcome (the notice).
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { BusyButton } from '../a11y/busy-button.tsx';
import { useAnnounce } from '../a11y/live-region.tsx';
import { useMessage, useT } from '../i18n/intl.ts';
import type { DraftsStore } from './drafts-store.ts';

/** Drafts from which a change's progress is spoken (its total counts each draft twice: planned, written). */
const SPOKEN_FROM = 1_000;

export function WriteProgressBar({ store }: { store: DraftsStore }) {
  const t = useT();
  const progress = useStore(store, (s) => s.writeProgress);
  const running = useStore(store, (s) => s.runningWrite);
  // In percent: the total counts each draft twice (planned, then written), which is no number to show.
  const percent = progress && progress.total > 0 ? Math.floor((100 * progress.done) / progress.total) : 0;
  const quarter = Math.floor(percent / 25);
  const spoken = progress !== null && progress.total >= 2 * SPOKEN_FROM && quarter > 0 && quarter < 4;
  useAnnounce(spoken ? t('bulk.writing.quarter', { percent: quarter * 25 }) : null);
  if (!progress) return null;
  const text = progress.total > 0 ? t('bulk.writing', { percent }) : t('bulk.writing.starting');
  return (
    <div className="notice info write-progress">
      {/* No value until the first report: an indeterminate bar. */}
      <progress style={{ flex: 1, marginRight: 12 }} aria-label={text} max={Math.max(1, progress.total)} {...(progress.total > 0 ? { value: progress.done } : {})} />
      <span>{text}</span>
      {/* Esc does the same while the change runs (the dialogs' cancelWhileWriting). */}
      {running && (
        <BusyButton type="button" busy={running.cancelling} style={{ marginLeft: 12 }} onClick={() => void store.getState().cancelWrite()}>
          {t('bulk.cancelChange')}
        </BusyButton>
      )}
    </div>
  );
}

/**
 * What the dialog's last apply came to when it was cancelled ("no drafts were changed"). It takes
 * the focus when it appears: the Cancel button that had it is gone with the progress bar, and a
 * reader hears the outcome; Tab goes on to the dialog's buttons.
 */
export function WriteOutcome({ store }: { store: DraftsStore }) {
  const say = useMessage();
  const notice = useStore(store, (s) => s.dialogNotice);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  if (!notice) return null;
  return <p ref={ref} className="notice info" role="status" tabIndex={-1}>{say(notice)}</p>;
}

/**
 * The dialog's Esc and its Cancel button: while a change runs they cancel the change (the dialog
 * stays to say how it ended); otherwise they close the dialog.
 */
export function cancelWhileWriting(store: DraftsStore, close: () => void): () => void {
  return () => {
    if (store.getState().runningWrite) void store.getState().cancelWrite();
    else close();
  };
}
