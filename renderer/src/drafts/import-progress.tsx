// The progress of a spreadsheet import under way: the file read, its rows checked (a bar of done
// of total), then written. A 10,000-row file takes seconds on a busy machine: the seller sees it
// move, and may cancel it.
import { useRef } from 'react';
import { useStore } from 'zustand';
import { BusyButton } from '../a11y/busy-button.tsx';
import { useAnnounce } from '../a11y/live-region.tsx';
import { useT } from '../i18n/intl.ts';
import type { DraftsStore } from './drafts-store.ts';

export function ImportProgressBar({ store }: { store: DraftsStore }) {
  const t = useT();
  const progress = useSteadyProgress(useStore(store, (s) => s.importProgress));
  const running = useStore(store, (s) => s.runningImport);
  // Spoken at each phase and every quarter of the rows: a reader is not flooded with counts.
  useAnnounce(progress ? spokenProgress(t, progress) : null);
  if (!progress) return null;
  const text = progress.phase === 'reading'
    ? readingText(t, progress)
    : progress.phase === 'checking'
      ? t('templates.importProgress.checking', { done: progress.done, total: progress.total })
      : t('templates.importProgress.writing', { count: progress.total });
  return (
    // Not a live region itself: it changes with every batch; useAnnounce above speaks it by quarters.
    <div className="notice info import-progress">
      {/* No value while the file is read: an indeterminate bar. */}
      <progress style={{ flex: 1, marginRight: 12 }} aria-label={text} max={Math.max(1, progress.total)} {...(progress.phase === 'reading' ? {} : { value: progress.done })} />
      <span>{text}</span>
      {/* Cancelled: none of the import's drafts is left (an import that had ended stays one undo step). */}
      {running && (
        <BusyButton type="button" busy={running.cancelling} style={{ marginLeft: 12 }} onClick={() => void store.getState().cancelImport()}>
          {t('mappings.importCancel')}
        </BusyButton>
      )}
    </div>
  );
}

type Progress = NonNullable<ReturnType<DraftsStore['getState']>['importProgress']>;

/**
 * The progress as shown: the core writes the first rows while its worker still checks the rest,
 * reporting both; once the write has reported, a check's report does not take the bar and its
 * words back to checking (they would switch at every batch). A new import starts from reading.
 */
function useSteadyProgress(progress: Progress | null): Progress | null {
  const writing = useRef<Progress | null>(null);
  if (progress?.phase !== 'checking') writing.current = progress?.phase === 'writing' ? progress : null;
  return progress?.phase === 'checking' && writing.current ? writing.current : progress;
}

const readingText = (t: ReturnType<typeof useT>, progress: Progress) =>
  progress.fileName ? t('templates.importProgress.readingFile', { file: progress.fileName }) : t('templates.importProgress.reading');

function spokenProgress(t: ReturnType<typeof useT>, progress: Progress): string {
  if (progress.phase === 'reading') return readingText(t, progress);
  if (progress.phase === 'writing') return t('templates.importProgress.writing', { count: progress.total });
  const quarter = progress.total === 0 ? 0 : Math.floor((progress.done / progress.total) * 4) / 4;
  return t('templates.importProgress.checking', { done: Math.round(quarter * progress.total), total: progress.total });
}
