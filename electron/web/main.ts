// `npm run web -- --port N --data DIR [--renderer DIR]`: web mode. Prints the page's URL (with
// the per-launch secret in its fragment) on stdout and serves until SIGINT/SIGTERM.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startWebServer } from './web-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    data: { type: 'string', default: './.market-desk' },
    renderer: { type: 'string', default: resolve(import.meta.dirname, '..', '..', 'out', 'renderer') },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be 0..65535, got ${values.port}`);
  process.exit(2);
}

const server = await startWebServer({
  root: resolve(values.data),
  rendererDir: resolve(values.renderer),
  port,
  log: (message, error) => console.error(message, error),
});
console.log(server.url);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
