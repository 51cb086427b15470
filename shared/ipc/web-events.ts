// Web mode's push events (GET /events, Server-Sent Events): what the server (electron/web/
// event-stream.ts) and the page (renderer/src/bridge/reopening-events.ts) agree on.
export const EVENTS_PATH = '/events';

/**
 * The event every stream starts with, its id the server's start (random, per start). The page
 * gives the id back when its stream comes back; another start's id means the server died and was
 * started again meanwhile, and the page is told 'core.restarted'.
 */
export const STARTED_EVENT = 'web.started';

/**
 * The query parameter that carries the last event id on a stream the page opened again itself: a
 * browser sends Last-Event-ID only when it reconnects a stream of its own, never on a new one.
 */
export const LAST_EVENT_PARAM = 'lastEventId';

/** Whether `text` is a server start's id as event-stream.ts makes them (8 random bytes in hex). */
export const isStartId = (text: string | null | undefined): text is string => typeof text === 'string' && /^[0-9a-f]{16}$/.test(text);
