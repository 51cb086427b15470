// Group commit for bids. SQLite with synchronous=FULL pays one fsync per commit, and
// better-sqlite3 blocks the event loop while it does; with a hundred bidders at once that fsync,
// not the bidding, sets the pace. Bids that arrive in the same turn of the event loop are
// therefore placed one after another (in arrival order, each in its own savepoint, so a refused
// bid undoes only itself) inside ONE IMMEDIATE transaction, and every caller is answered only
// after that commit: each bid is still serialised and durable before its 201.
import type { Service } from '../../service.ts';
import { placeBid, type PlaceBidInput, type PlaceBidResult } from './place-bid.ts';

interface Job {
  input: PlaceBidInput;
  now: number;
  resolve(result: PlaceBidResult): void;
  reject(error: unknown): void;
}

type Settled = { ok: true; value: PlaceBidResult } | { ok: false; error: unknown };

export interface BidQueue {
  place(input: PlaceBidInput, now: number): Promise<PlaceBidResult>;
}

const queues = new WeakMap<Service, BidQueue>();

export function bidQueueOf(service: Service): BidQueue {
  let queue = queues.get(service);
  if (!queue) {
    queue = createBidQueue(service);
    queues.set(service, queue);
  }
  return queue;
}

function createBidQueue(service: Service): BidQueue {
  let pending: Job[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = [];
    const settled: Settled[] = [];
    try {
      service.db
        .transaction(() => {
          for (const job of batch) {
            try {
              settled.push({ ok: true, value: placeBid(service, job.input, job.now) });
            } catch (error) {
              settled.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      // The commit itself failed: nothing of the batch was written.
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const outcome = settled[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  };

  return {
    place(input, now) {
      return new Promise<PlaceBidResult>((resolve, reject) => {
        pending.push({ input, now, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
