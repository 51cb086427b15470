// The page's push events as Server-Sent Events (GET /events). Each start of this server has an id
// of its own, given to every stream as its last event id (and a half-second retry): a page whose
// EventSource comes back after the server died and was started again (main.ts's supervisor)
// names the id of the one before in Last-Event-ID (or, on a stream the page opened again itself
// after its browser gave one up, in the lastEventId parameter: reopening-events.ts), and is told
// 'core.restarted' at once: what it shows may be older than the data (events were missed), and a
// call it had in flight answered 'core-restarted' (web-bridge.ts), as after the core's own restart.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStartId, LAST_EVENT_PARAM, STARTED_EVENT } from '../../shared/ipc/web-events.ts';

const frame = (name: string, payload: unknown) => `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;

export interface EventStreams {
  /** Serves one page's stream; `lastClosed` runs when the last open stream closes. */
  open(req: IncomingMessage, res: ServerResponse, greeting: string, lastClosed: () => void): void;
  send(name: string, payload: unknown): void;
  close(): void;
}

/** `restarts`: how many times this server was started again before (its supervisor says). */
export function eventStream(restarts = 0): EventStreams {
  const instance = randomBytes(8).toString('hex');
  const streams = new Set<ServerResponse>();
  return {
    open(req, res, greeting, lastClosed) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      // The server's id, on an event of its own: a browser keeps the last event id of an event it
      // dispatched, and sends it back when the stream comes back (the page keeps it too).
      res.write(`retry: 500\nid: ${instance}\nevent: ${STARTED_EVENT}\ndata: {}\n\n${greeting}`);
      const before = startBefore(req);
      if (before !== null && before !== instance) res.write(frame('core.restarted', { restarts: Math.max(1, restarts) }));
      streams.add(res);
      req.on('close', () => {
        streams.delete(res);
        if (streams.size === 0) lastClosed();
      });
    },
    send(name, payload) {
      const text = frame(name, payload);
      for (const stream of streams) stream.write(text);
    },
    close() {
      for (const stream of streams) stream.end();
      streams.clear();
    },
  };
}

/**
 * The server start a page's stream saw last: the browser's Last-Event-ID when it reconnects, or
 * the page's parameter when it opened the stream again; null for a page's first stream. The
 * parameter is taken only in the form of a start's id (anything else is no id: the stream is
 * served as a first one).
 */
function startBefore(req: IncomingMessage): string | null {
  const header = req.headers['last-event-id'];
  if (typeof header === 'string' && header !== '') return header;
  const param = new URL(req.url ?? '/', 'http://localhost').searchParams.get(LAST_EVENT_PARAM);
  return isStartId(param) ? param : null;
}
