// The sync benchmark's service process: the real service on loopback port 0 with a temporary data
// folder, a category tree and two sellers (one for the sync engine, one for the bare loop). Runs
// in its own process so the client side is measured on its own thread. Prints one JSON line;
// closes and removes its data folder when stdin closes or on SIGTERM.
import { makeCategories } from '../tests/support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD } from '../tests/support/server.ts';

export interface SyncBenchServerInfo {
  url: string;
  categoryId: number;
  password: string;
  sellers: { engine: string; bare: string };
}

const server = await startTestServer({ logger: false });
const cats = makeCategories(server);
await server.addUser('bench-engine');
await server.addUser('bench-bare');
const info: SyncBenchServerInfo = { url: server.url, categoryId: cats.sub, password: TEST_PASSWORD, sellers: { engine: 'bench-engine', bare: 'bench-bare' } };
process.stdout.write(`${JSON.stringify(info)}\n`);

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
}
process.stdin.on('end', () => void close());
process.stdin.resume();
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
