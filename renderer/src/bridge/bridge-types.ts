// The renderer's view of the core: typed by the contract, implemented by the Electron preload
// or by web mode. DOM-free so the stores can be tested under plain Node.
import type { IpcError, IpcEventName, IpcEventPayload, IpcInput, IpcMethodName, IpcOutput, IpcResult } from '../../../shared/ipc/contract.ts';
import type { ProblemParams } from '../../../shared/screens/problem-rules.ts';

export interface Bridge {
  invoke<K extends IpcMethodName>(name: K, input: IpcInput<K>): Promise<IpcResult<IpcOutput<K>>>;
  on<E extends IpcEventName>(name: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
}

/** What a transport delivers, untyped: an Electron preload, HTTP, or a test's in-memory call. */
export interface RawTransport {
  invoke(name: string, input: unknown): Promise<unknown>;
  on(name: string, listener: (payload: unknown) => void): () => void;
}

/** A result object's envelope, checked by hand (the renderer loads no validation library). */
function isResult(raw: unknown): raw is IpcResult<unknown> {
  if (typeof raw !== 'object' || raw === null) return false;
  const r = raw as { ok?: unknown; value?: unknown; error?: { code?: unknown; message?: unknown } | null };
  if (r.ok === true) return 'value' in r;
  return r.ok === false && typeof r.error === 'object' && r.error !== null && typeof r.error.code === 'string' && typeof r.error.message === 'string';
}

/**
 * A Bridge over any transport. The core checks every input, every output and every event payload
 * against the contract (electron/core/ipc/dispatcher.ts, CoreSession.emit) on its side of the
 * boundary; here only the envelope is checked, so the renderer starts without the validation
 * library (it was the largest part of its startup).
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
      if (!isResult(raw)) return { ok: false, error: { code: 'bad-response', message: `${name}: the response is not a result object` } };
      return raw as IpcResult<IpcOutput<typeof name>>;
    },
    on(name, listener) {
      return transport.on(name, (payload) => listener(payload as IpcEventPayload<typeof name>));
    },
  };
}

/** Unwraps a result or throws its error as a BridgeError (for the stores). */
export class BridgeError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  /** What exactly went wrong (shared/screens/problem-rules.ts CORE_ERROR_REASONS), for the seller's sentence. */
  readonly reason: string | undefined;
  readonly params: ProblemParams | undefined;
  readonly items: NonNullable<IpcError['items']>;
  constructor(error: { code: string; message: string; field?: string; reason?: string; params?: ProblemParams; items?: IpcError['items'] }) {
    super(error.message);
    this.name = 'BridgeError';
    this.code = error.code;
    this.field = error.field;
    this.reason = error.reason;
    this.params = error.params;
    this.items = error.items ?? [];
  }
}

export async function call<K extends IpcMethodName>(bridge: Bridge, name: K, input: IpcInput<K>): Promise<IpcOutput<K>> {
  const result = await bridge.invoke(name, input);
  if (!result.ok) throw new BridgeError(result.error as ConstructorParameters<typeof BridgeError>[0]);
  return result.value;
}
