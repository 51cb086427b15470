// The renderer's transport without a process boundary: the real core bridge handlers, called
// with JSON-copied inputs and outputs (what crosses IPC or HTTP is data, never shared objects).
import type { RawTransport } from '../../renderer/src/bridge/bridge-types.ts';
import type { CoreBridge } from '../../electron/core/bridge/bridge.ts';
import type { CoreSession } from '../../electron/core/bridge/core-session.ts';

const copy = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export function memoryTransport(bridge: CoreBridge, session: CoreSession): RawTransport {
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
