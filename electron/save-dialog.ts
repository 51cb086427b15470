// The save dialog main shows for an export (Electron-free, so it is tested under Node): the page
// asks for it with a suggested name, main shows it, the core keeps the chosen path behind a
// handle (session/seller-files.ts `handOverTarget`); the page never sees or writes the path.
// Likewise the folder dialog for the backup folder (`handOverFolder`): the page asks, nothing more.

/** What the dialog is given: a plain file name only (the page's suggestion cannot point anywhere), an .mdesk filter. */
export function exportSaveDialogOptions(suggested: unknown, home: string): { title: string; defaultPath: string; filters: Array<{ name: string; extensions: string[] }> } {
  const raw = typeof suggested === 'string' ? suggested : '';
  // No folders, no dots in front, nothing a file system treats specially; 100 characters at most.
  const plain = [...raw].filter((c) => c.charCodeAt(0) >= 32 && !'\\/:*?"<>|'.includes(c)).join('').replace(/^\.+/, '').trim().slice(0, 100);
  const name = plain === '' ? 'market-desk.mdesk' : plain.endsWith('.mdesk') ? plain : `${plain}.mdesk`;
  return {
    title: 'Export to a file',
    defaultPath: `${home.replace(/[\\/]+$/, '')}/${name}`,
    filters: [{ name: 'Market Desk export', extensions: ['mdesk'] }],
  };
}

/** The backup folder's dialog: one folder (a new one may be made in it), opening in the documents folder; the page gives nothing. */
export function backupFolderDialogOptions(home: string): { title: string; defaultPath: string; buttonLabel: string; properties: Array<'openDirectory' | 'createDirectory'> } {
  return { title: 'Choose the backup folder', defaultPath: home, buttonLabel: 'Choose folder', properties: ['openDirectory', 'createDirectory'] };
}
