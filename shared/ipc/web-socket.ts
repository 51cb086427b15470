// Web mode's socket for calls (electron/web/ipc-socket.ts checks its handshake, the core's process
// serves it: electron/core/host/socket-calls.ts; renderer/src/bridge/web-bridge.ts uses it): where
// it is, the protocol the page offers beside the launch's secret, and how large and deep a call
// may be, on the socket and as POST /ipc/<method> (issue 37: the page must not be able to stop
// the server, or leave the core holding gigabytes, with what it sends).
export const IPC_SOCKET_PATH = '/ipc';
export const IPC_PROTOCOL = 'market-desk.ipc.1';

/**
 * The largest call taken by default, in bytes: a socket frame, or a POST /ipc body. The largest
 * input of the contract that is no file is a bulk text rule set on 100,000 drafts (ten rules of
 * 100,000 characters, at most 3 bytes each, and the ids): under 4 MB.
 */
export const MAX_CALL_BYTES = 8 * 1024 * 1024;

/** The calls that carry a file's bytes or text (a spreadsheet given as its content, not by reference): only as POST. */
export const LARGE_CALLS: ReadonlySet<string> = new Set(['csv.inspect', 'csv.import']);
/** The largest of those: a spreadsheet's 70,000,000 characters of base64 and the call around them. */
export const MAX_LARGE_CALL_BYTES = 80 * 1024 * 1024;

/** How large a call of `method` may be. */
export const callLimit = (method: string): number => (LARGE_CALLS.has(method) ? MAX_LARGE_CALL_BYTES : MAX_CALL_BYTES);

/** How deep a call's JSON may nest: the contract's inputs go a few levels deep. */
export const MAX_CALL_DEPTH = 32;

/**
 * Whether JSON text nests deeper than `max` (arrays and objects, outside strings). One pass, no
 * parsing: a 100,000-deep body is refused before JSON.parse, and before anything that walks it
 * recursively (V8's serializer for the core's channel threw RangeError on it).
 */
export function nestsDeeper(text: string, max = MAX_CALL_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** A call on the socket, and its answer (the call's result object). */
export interface SocketCall {
  id: number;
  method: string;
  input: unknown;
}
export interface SocketAnswer {
  /** null when the frame named no call (not JSON, no id). */
  id: number | null;
  result: unknown;
}
