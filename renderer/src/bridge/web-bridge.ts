// Web mode's transport: calls on one WebSocket once it is open (electron/web/ipc-socket.ts: a
// request per keystroke cost the browser far more), POST /ipc/:method until then, both with the
// per-launch secret; Server-Sent Events for push events (reopening-events.ts). The secret arrives in the URL fragment
// (never sent to a server) and is kept for this tab only.
import { IPC_PROTOCOL, IPC_SOCKET_PATH, MAX_CALL_BYTES, type SocketAnswer } from '../../../shared/ipc/web-socket.ts';
import { EVENTS_PATH, LAST_EVENT_PARAM } from '../../../shared/ipc/web-events.ts';
import { BridgeError, type RawTransport } from './bridge-types.ts';
import { reopeningEvents } from './reopening-events.ts';

const SECRET_KEY = 'market-desk-secret';

let taken: string | null = null;
/** This tab's secret: read once (takeSecret), then from memory. */
const theSecret = (): string => (taken ??= takeSecret());

function takeSecret(): string {
  const match = /(?:^#|&)secret=([\w-]+)/.exec(window.location.hash);
  if (match?.[1]) {
    const secret = match[1];
    // Kept for a reload of this tab; written once the page is up, or as it goes (the tab's
    // storage opens in ~20 ms on a busy machine, time the first rows would wait for).
    const keep = () => sessionStorage.setItem(SECRET_KEY, secret);
    setTimeout(keep, 1000);
    window.addEventListener('pagehide', keep, { once: true });
    // Out of the address bar (and of screenshots and history) once read.
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return secret;
  }
  return sessionStorage.getItem(SECRET_KEY) ?? '';
}

/**
 * Streams a file's bytes to web mode's local process (POST /upload, the body is the File itself:
 * the browser reads it from disk as it sends, nothing is held in memory) and returns the id
 * images.add names it by.
 */
export async function webUpload(file: Blob): Promise<string> {
  const response = await fetch('/upload', {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', 'X-Market-Desk-Secret': theSecret() },
    body: file,
    credentials: 'omit',
    cache: 'no-store',
  });
  const result = (await response.json()) as { ok: boolean; value?: { id: string }; error?: { code: string; message: string } };
  // A typed error, so the seller reads it worded from its code (a file too large to stage).
  if (!result.ok || !result.value) throw new BridgeError(result.error ?? { code: 'transport', message: 'the file could not be sent to the app' });
  return result.value.id;
}

/** A call in flight on a socket that closed (core-supervisor.ts's answer to a request in flight when the core stops). */
const CORE_STOPPED = { ok: false, error: { code: 'core-restarted', message: 'the core stopped during this call and was started again: try again' } } as const;

/** Whether a call's input fits a socket frame (MAX_CALL_BYTES of UTF-8 with the frame's id and method; the bytes are counted only when it may not). */
const FRAME_ROOM = MAX_CALL_BYTES - 1024;
const fitsFrame = (text: string) => text.length * 3 <= FRAME_ROOM || new TextEncoder().encode(text).length <= FRAME_ROOM;

/**
 * After a socket that never opened, calls go as requests this long before it is tried again: a
 * second after the first such socket (one opened as the core died is closed with it), then ten
 * (refused, or blocked) until one opens.
 */
const SOCKET_RETRY_MS = [1000, 10_000] as const;

/**
 * Calls on web mode's socket. `call` answers null while the socket is not open (the caller sends
 * a request instead): the first calls do not wait for it to open, and a closed one is opened
 * again after the next call. A call in flight when the socket closes answers 'core-restarted'.
 * The socket is opened when the window's thread is idle: at a start, after the first rows.
 */
function socketCalls(secret: string): { call(frame: (id: number) => string): Promise<unknown> | null } {
  let socket: WebSocket | null = null;
  let connecting = false;
  let retryAt = 0;
  /** Sockets in a row that closed before they opened. */
  let failures = 0;
  const retryLater = () => {
    retryAt = Date.now() + (failures++ === 0 ? SOCKET_RETRY_MS[0] : SOCKET_RETRY_MS[1]);
  };
  let nextId = 1;
  const pending = new Map<number, { resolve(result: unknown): void }>();

  function connect(): void {
    const url = new URL(IPC_SOCKET_PATH, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    let ws: WebSocket;
    try {
      // A browser's WebSocket sends no other header: the secret goes as an offered protocol.
      ws = new WebSocket(url, [IPC_PROTOCOL, secret]);
    } catch {
      retryLater();
      return;
    }
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      failures = 0;
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      const { id, result } = JSON.parse(event.data) as SocketAnswer;
      if (id === null) return;
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      waiting.resolve(result);
    };
    ws.onclose = () => {
      if (!opened) retryLater();
      socket = null;
      // Only the core's process holds the socket: it stopped, and is started again (its server
      // answers a request in flight the same way). The seller is told to try again.
      for (const waiting of pending.values()) waiting.resolve(CORE_STOPPED);
      pending.clear();
    };
  }

  return {
    call(frame) {
      if (!socket && !connecting && Date.now() >= retryAt) {
        connecting = true;
        requestIdleCallback(() => {
          connecting = false;
          connect();
        }, { timeout: 1000 });
      }
      const ws = socket;
      if (ws?.readyState !== WebSocket.OPEN) return null;
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, { resolve });
        ws.send(frame(id));
      });
    },
  };
}

export function webTransport(): RawTransport {
  const secret = theSecret();
  const sockets = socketCalls(secret);
  // Opened with the first listener; opened again if the browser gives it up (reopening-events.ts).
  const events = reopeningEvents({
    url: (lastEventId) => `${EVENTS_PATH}?secret=${encodeURIComponent(secret)}${lastEventId ? `&${LAST_EVENT_PARAM}=${encodeURIComponent(lastEventId)}` : ''}`,
    open: (url) => new EventSource(url),
    later: (run, ms) => void setTimeout(run, ms),
    random: Math.random,
  });

  return {
    async invoke(name, input) {
      const body = JSON.stringify(input ?? {});
      // A spreadsheet given as its content is larger than a frame: it goes as a request, which
      // web mode's server takes that large for those calls only (shared/ipc/web-socket.ts).
      if (fitsFrame(body)) {
        const onSocket = sockets.call((id) => `{"id":${id},"method":${JSON.stringify(name)},"input":${body}}`);
        if (onSocket) return onSocket;
      }
      try {
        const response = await fetch(`/ipc/${encodeURIComponent(name)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Market-Desk-Secret': secret },
          body,
          credentials: 'omit',
          cache: 'no-store',
        });
        return await response.json();
      } catch {
        // No answer: web mode's server stopped during the call (its supervisor starts it again,
        // and the event stream says so). Answered as a call in flight when the core stops: try again.
        return CORE_STOPPED;
      }
    },
    on: (name, listener) => events.on(name, listener),
  };
}
