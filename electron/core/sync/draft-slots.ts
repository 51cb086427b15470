// Remote draft slots: the service keeps at most 10 drafts per user. A create takes a slot and
// gives it back when its item leaves `draft` (preview on the way to published). A worker that
// stops while its item is still a remote draft retires its claim: the slot stays used. When no
// holder is left to give one back, waiting creates are told to wait for a later run.
export interface DraftSlots {
  /** Resolves true with a slot, false when none can come during this run. */
  acquire(): Promise<boolean>;
  release(): void;
  retire(): void;
  /** The service said draft_limit: nothing is free whatever we counted. */
  exhaust(): void;
  readonly free: number;
}

export function createDraftSlots(initiallyFree: number): DraftSlots {
  let free = Math.max(0, initiallyFree);
  let holders = 0;
  const waiters: Array<(ok: boolean) => void> = [];
  const settle = () => {
    while (free > 0 && waiters.length > 0) {
      free -= 1;
      holders += 1;
      waiters.shift()?.(true);
    }
    if (holders === 0 && free === 0) while (waiters.length > 0) waiters.shift()?.(false);
  };
  return {
    acquire() {
      return new Promise<boolean>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    release() {
      holders -= 1;
      free += 1;
      settle();
    },
    retire() {
      holders -= 1;
      settle();
    },
    exhaust() {
      free = 0;
      settle();
    },
    get free() {
      return free;
    },
  };
}
