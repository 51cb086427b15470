// Web mode's push events on an EventSource that is opened again when the browser gives it up.
// A browser reconnects a stream that ends or fails on the network by itself (after the server's
// retry, 500 ms), and sends the last event id it saw; but an answer that is not the stream (a
// 503, an error page, a server that answers before it serves the stream) CLOSEs it for good, and
// the window would never hear another event, 'core.restarted' included (a CI run's flake, where
// the window never said that web mode's server had started again). Here a closed one is opened
// again after a bounded, jittered backoff, the listeners of every name attached to the new one,
// and the last event id carried as a query parameter: a new EventSource sends no Last-Event-ID.
import { STARTED_EVENT } from '../../../shared/ipc/web-events.ts';

/** What this reads of an event (the browser's MessageEvent). */
export interface StreamEvent {
  readonly data: string;
  readonly lastEventId: string;
}

/** What this needs of the browser's EventSource (tests give their own). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: StreamEvent) => void): void;
  close(): void;
}

/** EventSource.CLOSED (a constant of the browser's class, not there in tests). */
const CLOSED = 2;

/** The first reopen waits about this long, each one after it twice as long, up to REOPEN_MAX_MS. */
export const REOPEN_FIRST_MS = 500;
export const REOPEN_MAX_MS = 10_000;

/**
 * The wait before the reopen that follows `failures` reopens in a row that never got an open
 * stream: doubling from REOPEN_FIRST_MS to REOPEN_MAX_MS, the upper half of it at random, so the
 * windows of one restarted server do not all come back at once.
 */
export function reopenDelay(failures: number, random: () => number): number {
  const ceiling = Math.min(REOPEN_MAX_MS, REOPEN_FIRST_MS * 2 ** Math.min(failures, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface ReopeningOptions {
  /** The stream's URL, with the last event id seen ('' before any). */
  url(lastEventId: string): string;
  open(url: string): EventSourceLike;
  /** Runs `run` in `ms` (setTimeout; a test's clock in tests). */
  later(run: () => void, ms: number): void;
  random(): number;
}

export interface ReopeningEvents {
  /** Listens to the events named `name`, with their JSON payload; returns the unsubscribe. */
  on(name: string, listener: (payload: unknown) => void): () => void;
}

export function reopeningEvents(options: ReopeningOptions): ReopeningEvents {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let source: EventSourceLike | null = null;
  let lastEventId = '';
  /** Reopens in a row that got no open stream. */
  let failures = 0;

  const attach = (es: EventSourceLike, name: string, set: Set<(payload: unknown) => void>) => {
    es.addEventListener(name, (event) => {
      if (es !== source) return;
      if (event.lastEventId) lastEventId = event.lastEventId;
      const payload: unknown = JSON.parse(event.data);
      for (const listener of set) listener(payload);
    });
  };

  function open(): EventSourceLike {
    const es = options.open(options.url(lastEventId));
    source = es;
    es.addEventListener('open', () => {
      if (es === source) failures = 0;
    });
    es.addEventListener('error', () => {
      // A stream the browser reconnects itself stays CONNECTING: only a closed one is ours to open.
      if (es !== source || es.readyState !== CLOSED) return;
      options.later(() => {
        if (es === source) open();
      }, reopenDelay(failures++, options.random));
    });
    // No listener of the app takes the server's start, but its id is the one to carry.
    es.addEventListener(STARTED_EVENT, (event) => {
      if (es === source && event.lastEventId) lastEventId = event.lastEventId;
    });
    for (const [name, set] of listeners) attach(es, name, set);
    return es;
  }

  return {
    on(name, listener) {
      const es = source ?? open();
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
        attach(es, name, set);
      }
      set.add(listener);
      const own = set;
      return () => own.delete(listener);
    },
  };
}
