// What the Electron preload exposes to the page as window.marketDesk: invoke a contract method,
// listen to a contract event, and a handle for a file the seller picked or dropped (the preload
// takes its path from Electron's webUtils.getPathForFile, which only a real picked or dropped File
// has, and gives it to main; the page never sees or writes a path, issue 19). Files then travel
// by handle: their bytes never cross IPC.
export interface PreloadApi {
  invoke(name: string, input: unknown): Promise<unknown>;
  on(name: string, listener: (payload: unknown) => void): () => void;
  /** An opaque handle the core reads the file by; '' when it has no place on disk (made in the page, not picked or dropped). */
  handleForFile(file: unknown): Promise<string>;
  /** Main's save dialog (an export's target) with a suggested file name: a handle for the file the seller named, '' when cancelled. */
  handleForSave(suggestedName: unknown): Promise<string>;
  /** Main's folder dialog (the backup folder): a handle for the folder the seller chose, '' when cancelled. */
  handleForFolder(): Promise<string>;
}
