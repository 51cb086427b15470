// The Backups section's files, by the seller's hand (the window never writes a path): an export
// goes where the seller names it in main's save dialog (Electron: the page gets a handle) or is a
// download the browser saves (web mode: an <a download> of the core's written file, streamed by
// the local process, good once); an import is the file picked, staged as photos and spreadsheets are.
// The backup folder is chosen in main's folder dialog (Electron: a handle); web mode types it.
import type { ExportTarget } from '../../../shared/ipc/backup.ts';
import { transportMode } from '../bridge/transport.ts';
import type { BackupFiles } from './backups-store.ts';

export const backupFiles: BackupFiles = {
  async exportTarget(suggestedName: string): Promise<ExportTarget | null> {
    if (transportMode !== 'electron') return { kind: 'download' };
    const id = (await window.marketDesk?.handleForSave(suggestedName)) ?? '';
    return id ? { kind: 'handle', id } : null;
  },
  chooseFolder: transportMode === 'electron'
    ? async () => {
      const id = (await window.marketDesk?.handleForFolder()) ?? '';
      return id ? { kind: 'handle', id } : null;
    }
    : null,
  deliver(download: string, name: string): void {
    const link = document.createElement('a');
    link.href = `/download/${encodeURIComponent(download)}`;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  },
};
