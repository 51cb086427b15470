// The renderer's transport without a process boundary: the real core bridge handlers, called
// with JSON-copied inputs and outputs (what crosses IPC or HTTP is data, never shared objects).
import type { RawTransport } from '../../renderer/src/bridge/bridge-types.ts';
import type { IpcDispatcher } from '../../electron/core/ipc/dispatcher.ts';
import type { CoreSession } from '../../electron/core/session/core-session.ts';

const copy = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export function memoryTransport(bridge: IpcDispatcher, session: CoreSession): RawTransport {
  return {
    async invoke(name, input) {
      return copy(await bridge.invoke(name, copy(input)));
    },
    on(name, listener) {
      return session.onEvent((event, payload) => {
        if (event === name) listener(copy(payload));
      });
    },
  };
}

/**
 * A transport whose answers of one method can be held back (a slow answer): while `hold(true)`,
 * each answer of `method` is read from the core at once, then waits in `held` for its release,
 * so it arrives after answers given later.
 */
export function slowAnswers(inner: RawTransport, method: string) {
  const held: Array<() => void> = [];
  let holding = false;
  const transport: RawTransport = {
    async invoke(name, input) {
      const answer = await inner.invoke(name, input);
      if (holding && name === method) await new Promise<void>((release) => held.push(release));
      return answer;
    },
    on: (name, listener) => inner.on(name, listener),
  };
  return { transport, held, hold: (on: boolean) => void (holding = on) };
}
