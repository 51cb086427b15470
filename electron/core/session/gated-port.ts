// The sync engine behind the cache's write gate (issue 41). The engine writes the cache between
// its calls to the marketplace (an outcome, a pulled page), so each answer reaches it in a turn of
// the write gate: never while a long write holds the cache (its transaction open on the long
// writes' connection), and no long write starts before the engine's synchronous writes that
// follow the answer are done. The engine itself knows nothing of it: its port is wrapped.

/**
 * `port` (every method async: the marketplace's, the market research's) with every call's answer
 * (or failure) handed back only in a turn of `turn`.
 */
export function gatedPort<P extends object>(port: P, turn: () => Promise<void>): P {
  return new Proxy(port, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          // A failure is written too (a deferred row, a parked one): it waits for a turn as well.
          await turn();
        }
      };
    },
  });
}
