// Closing without waiting on keep-alive connections. Node's server.close() ends the connections
// that are idle at that moment; a response still being written then (a photo whose last file
// read had not come back, or a slow reader) finishes a moment later and leaves its keep-alive
// connection open until keepAliveTimeout (72 s), holding the close for that long: a test suite's
// afterAll, the service's shutdown, or the app quitting with its embedded sandbox. Once closing,
// every response that finishes ends its connection.
import type { App } from './app-types.ts';

export function closeConnectionsAfterLastResponse(app: App): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async (request) => {
    if (closing) request.raw.socket?.end();
  });
}
