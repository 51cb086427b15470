// Web mode's event stream, opened again when the browser gives it up (renderer/src/bridge/
// reopening-events.ts): the browser's EventSource is stood in for by a stream the test drives (its
// readyState, its events), and time by the waits the test runs itself.
import { describe, expect, it } from 'vitest';
import { reopenDelay, reopeningEvents, REOPEN_FIRST_MS, REOPEN_MAX_MS, type EventSourceLike, type StreamEvent } from '../../renderer/src/bridge/reopening-events.ts';
import { STARTED_EVENT } from '../../shared/ipc/web-events.ts';

interface Stream extends EventSourceLike {
  url: string;
  readyState: number;
  /** Dispatches a named event as the browser does: `lastEventId` is the stream's last id then. */
  emit(type: string, data?: string, lastEventId?: string): void;
}

function stream(url: string): Stream {
  const listeners = new Map<string, Array<(event: StreamEvent) => void>>();
  return {
    url,
    readyState: 0,
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    close() {
      this.readyState = 2;
    },
    emit(type, data = '{}', lastEventId = '') {
      for (const listener of listeners.get(type) ?? []) listener({ data, lastEventId });
    },
  };
}

function harness(random = () => 0.5) {
  const opened: Stream[] = [];
  const waits: Array<{ ms: number; run: () => void }> = [];
  const events = reopeningEvents({
    url: (last) => (last ? `/events?lastEventId=${last}` : '/events'),
    open: (url) => {
      const s = stream(url);
      opened.push(s);
      return s;
    },
    later: (run, ms) => void waits.push({ ms, run }),
    random,
  });
  /** The browser gives the newest stream up (an answer that was not the stream). */
  const giveUp = () => {
    const s = opened.at(-1)!;
    s.readyState = 2;
    s.emit('error');
  };
  /** Runs the wait that is due, and says how long it was. */
  const wait = () => {
    const next = waits.shift();
    if (!next) throw new Error('nothing waits');
    next.run();
    return next.ms;
  };
  return { events, opened, waits, giveUp, wait };
}

describe('web mode\'s event stream', () => {
  it('is left to the browser while it reconnects by itself, and opened again with the listeners and the last event id once it is closed', () => {
    const { events, opened, waits, giveUp, wait } = harness();
    const seen: unknown[] = [];
    events.on('core.restarted', (payload) => seen.push(payload));
    expect(opened.map((s) => s.url)).toEqual(['/events']);
    opened[0]!.emit(STARTED_EVENT, '{}', '0123456789abcdef');

    // A stream that fails on the network stays CONNECTING: the browser reconnects it with Last-Event-ID.
    opened[0]!.emit('error');
    expect(waits).toEqual([]);

    giveUp();
    expect(wait()).toBeLessThanOrEqual(REOPEN_FIRST_MS);
    expect(opened.map((s) => s.url)).toEqual(['/events', '/events?lastEventId=0123456789abcdef']);
    // The new stream carries the app's listeners; the old one says nothing any more.
    opened[1]!.emit('core.restarted', '{"restarts":1}', 'fedcba9876543210');
    opened[0]!.emit('core.restarted', '{"restarts":9}');
    expect(seen).toEqual([{ restarts: 1 }]);
  });

  it('keeps the id of the last event it dispatched, and listeners added after a reopen hear the new stream', () => {
    const { events, opened, giveUp, wait } = harness();
    const sales: unknown[] = [];
    events.on('sales.changed', (payload) => sales.push(payload));
    opened[0]!.emit('sales.changed', '{"n":1}', 'aaaaaaaaaaaaaaaa');
    giveUp();
    wait();
    expect(opened[1]!.url).toBe('/events?lastEventId=aaaaaaaaaaaaaaaa');
    const later: unknown[] = [];
    const off = events.on('sync.state', (payload) => later.push(payload));
    opened[1]!.emit('sync.state', '"online"');
    off();
    opened[1]!.emit('sync.state', '"offline"');
    expect(later).toEqual(['online']);
    expect(opened).toHaveLength(2);
  });

  it('waits longer after each reopen that got no stream, never more than the bound, and from the start again once one opens', () => {
    const { events, opened, giveUp, wait } = harness(() => 1);
    events.on('x', () => undefined);
    const waited: number[] = [];
    for (let i = 0; i < 8; i++) {
      giveUp();
      waited.push(wait());
    }
    expect(waited).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(opened).toHaveLength(9);
    opened.at(-1)!.emit('open');
    giveUp();
    expect(wait()).toBe(REOPEN_FIRST_MS);
  });

  it('spreads its waits over the upper half of each step (pages of one restarted server do not all come back at once)', () => {
    for (const failures of [0, 3, 10, 40]) {
      const ceiling = Math.min(REOPEN_MAX_MS, REOPEN_FIRST_MS * 2 ** failures);
      expect(reopenDelay(failures, () => 0)).toBe(ceiling / 2);
      expect(reopenDelay(failures, () => 0.999_999)).toBeLessThanOrEqual(ceiling);
      expect(reopenDelay(failures, () => 0.999_999)).toBeGreaterThan(ceiling * 0.99);
    }
  });
});
