// `tsx electron/native-abi.ts`: makes sure better-sqlite3 loads under this Node. One checkout
// serves both Node (tests, web mode) and Electron (the app), whose ABIs differ; `npm run
// start` and `npm run dist` rebuild the module for Electron (electron-builder
// install-app-deps), and this check, run before tests and web mode, rebuilds it back for Node
// only when it no longer loads. When it loads (the usual case) it costs one dlopen.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function loads(): { ok: true } | { ok: false; message: string } {
  try {
    const Database = require('better-sqlite3') as new (path: string) => { close(): void };
    new Database(':memory:').close();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

const first = loads();
if (!first.ok) {
  // NODE_MODULE_VERSION mismatch: the binary was last built for Electron.
  console.error(`better-sqlite3 does not load under Node ${process.version} (${first.message.split('\n')[0]}); rebuilding it for Node…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const rebuilt = spawnSync(npm, ['rebuild', 'better-sqlite3'], { stdio: 'inherit', shell: process.platform === 'win32' });
  const second = loads();
  if (rebuilt.status !== 0 || !second.ok) {
    console.error('better-sqlite3 still does not load; run `npm rebuild better-sqlite3` and see its output.');
    process.exit(1);
  }
}
