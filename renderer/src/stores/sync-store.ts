// Sync status for the status bar: what the core reports, kept fresh by its push events.
import { createStore } from 'zustand/vanilla';
import type { IpcEventPayload, PhotoRun, ShopReading, SyncStatus } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { describeError } from '../i18n/describe-error.ts';
import type { Msg } from '../i18n/messages.ts';
import { callSequence } from '../navigation/live-store.ts';

export interface SyncStoreState {
  status: SyncStatus | null;
  progress: IpcEventPayload<'sync.progress'> | null;
  /**
   * The photos of the current run (or of the last one, once it ended): from sync.progress and,
   * between its events, from each photo's images.upload. Null when the run sends no photos.
   */
  photos: PhotoRun | null;
  /** Photos whose upload request is going now. */
  uploading: number;
  /** How far the shop has been read (issue 38): from the status, then each sync.shop event; null once all is read. */
  shop: ShopReading | null;
  error: Msg | null;
  refresh(): Promise<void>;
  syncNow(): Promise<void>;
  setOffline(offline: boolean): Promise<void>;
  dispose(): void;
}

export function createSyncStore(bridge: Bridge) {
  /**
   * Refreshes overlap (every local change and the end of every run asks for the status), and an
   * older answer arriving last would show a queue that has since been sent. Only the newest
   * call's answer is applied; the status at the end of a run comes from the refresh its last
   * event starts, which is always the newest.
   */
  const nextStatus = callSequence();
  const store = createStore<SyncStoreState>()((set) => {
    const guard = async (run: () => Promise<SyncStatus>) => {
      const isNewest = nextStatus();
      try {
        const status = await run();
        if (isNewest()) set({ status, error: null, ...(status.shop !== undefined ? { shop: status.shop } : {}) });
      } catch (error) {
        if (isNewest()) set({ error: describeError(error) });
      }
    };
    return {
      status: null,
      progress: null,
      photos: null,
      uploading: 0,
      shop: null,
      error: null,
      refresh: () => guard(() => call(bridge, 'sync.status', {})),
      syncNow: () => guard(() => call(bridge, 'sync.now', {})),
      setOffline: (offline) => guard(() => call(bridge, 'sync.setOffline', { offline })),
      dispose: () => unsubscribers.forEach((u) => u()),
    };
  });
  /**
   * The queue shrinks as the push sends each change, and a run reads the marketplace again after
   * its push (which takes a while on a big shop): the count follows the push, not the run's end.
   * One refresh at a time, and one more after it when changes came meanwhile.
   */
  let refreshing = false;
  let again = false;
  const followQueue = () => {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    void store.getState().refresh().finally(() => {
      refreshing = false;
      if (again) {
        again = false;
        followQueue();
      }
    });
  };
  const unsubscribers = [
    bridge.on('sync.progress', (progress) => {
      store.setState({ progress, photos: progress.photos ?? null, ...(progress.running ? {} : { uploading: 0 }) });
      if (progress.phase === 'push' || progress.phase === 'pushed') followQueue();
      // The end of a run changes the queue and the running flag.
      if (!progress.running) void store.getState().refresh();
    }),
    bridge.on('images.upload', (event) => {
      const uploading = store.getState().uploading + (event.phase === 'uploading' ? 1 : -1);
      store.setState({ photos: event.run, uploading: Math.max(0, uploading) });
    }),
    bridge.on('sync.online', () => void store.getState().refresh()),
    bridge.on('sync.shop', (shop) => store.setState({ shop })),
    // The core's process was killed and started again: its sync starts anew (not connected until it
    // reaches the marketplace), so the bar asks it instead of showing what the old one said.
    bridge.on('core.restarted', () => void store.getState().refresh()),
    // A local change grows the queue.
    bridge.on('drafts.changed', () => void store.getState().refresh()),
  ];
  return store;
}
