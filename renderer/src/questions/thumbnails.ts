// Each item's picture for the inbox cards (questions, offers): asked of the core once per item
// and kept, so a reload after every sync does not read the photos again.
import { call, type Bridge } from '../bridge/bridge-types.ts';

const BATCH = 500;

export function thumbnailLoader(bridge: Bridge, onLoaded: (thumbnails: Record<number, string | null>) => void) {
  const asked = new Set<number>();
  return {
    async load(localIds: readonly number[]): Promise<void> {
      const fresh = [...new Set(localIds)].filter((id) => !asked.has(id));
      for (const id of fresh) asked.add(id);
      for (let i = 0; i < fresh.length; i += BATCH) {
        try {
          const list = await call(bridge, 'items.thumbnails', { localIds: fresh.slice(i, i + BATCH) });
          onLoaded(Object.fromEntries(list.map((t) => [t.localId, t.thumbnail])));
        } catch {
          // A card without its picture still reads; asked again on the next load.
          for (const id of fresh.slice(i, i + BATCH)) asked.delete(id);
        }
      }
    },
  };
}
