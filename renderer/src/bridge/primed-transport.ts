// The transport of a window's launch. It can send a call before anyone asks for it: the boot
// script asks for the drafts grid's first page while the app's code is still loading, and the
// store's own identical call, made later, gets that response instead of sending a second one (one
// use per priming, so a later reload always reads fresh data). And it can hold calls back: the
// first render's effects ask for every other screen's data (badges, sync status, templates...),
// and sending eight calls cost the window's thread 25-45 ms before the first rows were drawn
// (issue 19, profiled); held, they go out once the first frame is.
import type { RawTransport } from './bridge-types.ts';

export interface PrimedTransport extends RawTransport {
  prime(name: string, input: unknown): void;
  /** Calls made from now until `until` settles are sent then (a primed call is still answered at once). */
  holdUntil(until: Promise<unknown>): void;
}

export function primedTransport(inner: RawTransport): PrimedTransport {
  const early = new Map<string, Promise<unknown>>();
  const keyOf = (name: string, input: unknown) => `${name} ${JSON.stringify(input ?? {})}`;
  let held: Promise<void> | null = null;
  return {
    prime(name, input) {
      const response = inner.invoke(name, input);
      // A failure is the later caller's to see; until then it is not an unhandled rejection.
      response.catch(() => {});
      early.set(keyOf(name, input), response);
    },
    holdUntil(until) {
      const gate = until.then(() => {}, () => {});
      held = gate;
      void gate.then(() => {
        if (held === gate) held = null;
      });
    },
    invoke(name, input) {
      const key = keyOf(name, input);
      const response = early.get(key);
      if (response) {
        early.delete(key);
        return response;
      }
      const gate = held;
      return gate ? gate.then(() => inner.invoke(name, input)) : inner.invoke(name, input);
    },
    on: (name, listener) => inner.on(name, listener),
  };
}
