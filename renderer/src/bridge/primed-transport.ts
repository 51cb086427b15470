// A transport that can send a call before anyone asks for it: the boot script asks for the
// drafts grid's first page while the app's code is still loading, and the store's own identical
// call, made later, gets that response instead of sending a second one. One use per priming, so
// a later reload always reads fresh data.
import type { RawTransport } from './bridge-types.ts';

export interface PrimedTransport extends RawTransport {
  prime(name: string, input: unknown): void;
}

export function primedTransport(inner: RawTransport): PrimedTransport {
  const early = new Map<string, Promise<unknown>>();
  const keyOf = (name: string, input: unknown) => `${name} ${JSON.stringify(input ?? {})}`;
  return {
    prime(name, input) {
      const response = inner.invoke(name, input);
      // A failure is the later caller's to see; until then it is not an unhandled rejection.
      response.catch(() => {});
      early.set(keyOf(name, input), response);
    },
    invoke(name, input) {
      const key = keyOf(name, input);
      const response = early.get(key);
      if (!response) return inner.invoke(name, input);
      early.delete(key);
      return response;
    },
    on: (name, listener) => inner.on(name, listener),
  };
}
