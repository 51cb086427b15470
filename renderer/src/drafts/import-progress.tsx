// The progress of a spreadsheet import under way: the file read, its rows checked (a bar of done
// of total), then written. A 10,000-row file takes seconds on a busy machine: the seller sees it move.
import { useStore } from 'zustand';
import { useT } from '../i18n/intl.ts';
import type { DraftsStore } from './drafts-store.ts';

export function ImportProgressBar({ store }: { store: DraftsStore }) {
  const t = useT();
  const progress = useStore(store, (s) => s.importProgress);
  if (!progress) return null;
  const text = progress.phase === 'reading'
    ? t('templates.importProgress.reading')
    : progress.phase === 'checking'
      ? t('templates.importProgress.checking', { done: progress.done, total: progress.total })
      : t('templates.importProgress.writing', { count: progress.total });
  return (
    <div className="notice info import-progress" role="status">
      {/* No value while the file is read: an indeterminate bar. */}
      <progress style={{ flex: 1, marginRight: 12 }} aria-label={text} max={Math.max(1, progress.total)} {...(progress.phase === 'reading' ? {} : { value: progress.done })} />
      <span>{text}</span>
    </div>
  );
}
