// What the Electron preload exposes to the page as window.marketDesk: invoke a contract method,
// listen to a contract event, and the path of a file the seller picked or dropped (Electron's
// webUtils.getPathForFile; main checks the path again before anything reads it). Photos then
// travel by path: their bytes never cross IPC.
export interface PreloadApi {
  invoke(name: string, input: unknown): Promise<unknown>;
  on(name: string, listener: (payload: unknown) => void): () => void;
  /** '' when the file has no path on disk (made in the page, not picked or dropped). */
  pathForFile(file: unknown): string;
}
