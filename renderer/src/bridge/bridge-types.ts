// The renderer's view of the core: typed by the contract, implemented by the Electron preload
// or by web mode. DOM-free so the stores can be tested under plain Node.
import type { IpcEventName, IpcEventPayload, IpcInput, IpcMethodName, IpcOutput, IpcResult } from '../../../shared/ipc.ts';
import { IPC_EVENTS, IPC_METHODS, IpcResultSchema } from '../../../shared/ipc.ts';

export interface Bridge {
  invoke<K extends IpcMethodName>(name: K, input: IpcInput<K>): Promise<IpcResult<IpcOutput<K>>>;
  on<E extends IpcEventName>(name: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
}

/** What a transport delivers, untyped: an Electron preload, HTTP, or a test's in-memory call. */
export interface RawTransport {
  invoke(name: string, input: unknown): Promise<unknown>;
  on(name: string, listener: (payload: unknown) => void): () => void;
}

/**
 * A Bridge over any transport. What comes back is checked against the contract as well: the
 * renderer trusts no payload because the types compile.
 */
export function typedBridge(transport: RawTransport): Bridge {
  return {
    async invoke(name, input) {
      let raw: unknown;
      try {
        raw = await transport.invoke(name, input);
      } catch (error) {
        return { ok: false, error: { code: 'transport', message: error instanceof Error ? error.message : String(error) } };
      }
      const result = IpcResultSchema.safeParse(raw);
      if (!result.success) return { ok: false, error: { code: 'bad-response', message: `${name}: the response breaks the contract` } };
      if (!result.data.ok) return result.data as IpcResult<never>;
      const value = IPC_METHODS[name].output.safeParse(result.data.value);
      if (!value.success) return { ok: false, error: { code: 'bad-response', message: `${name}: the response breaks the contract` } };
      return { ok: true, value: value.data as IpcOutput<typeof name> };
    },
    on(name, listener) {
      return transport.on(name, (payload) => {
        const parsed = IPC_EVENTS[name].safeParse(payload);
        if (parsed.success) listener(parsed.data as IpcEventPayload<typeof name>);
      });
    },
  };
}

/** Unwraps a result or throws its error as a BridgeError (for the stores). */
export class BridgeError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  readonly items: Array<{ localId: number; reason?: string; problems: Array<{ field: string; message: string }> }>;
  constructor(error: { code: string; message: string; field?: string; items?: BridgeError['items'] }) {
    super(error.message);
    this.name = 'BridgeError';
    this.code = error.code;
    this.field = error.field;
    this.items = error.items ?? [];
  }
}

export async function call<K extends IpcMethodName>(bridge: Bridge, name: K, input: IpcInput<K>): Promise<IpcOutput<K>> {
  const result = await bridge.invoke(name, input);
  if (!result.ok) throw new BridgeError(result.error as ConstructorParameters<typeof BridgeError>[0]);
  return result.value;
}
