// `npm run web -- --port N --data DIR [--renderer DIR] [--marketplace URL --user NAME] [--core FILE]`: web mode.
// `--sandbox off` starts no marketplace (the drafts work offline only, as in the grid's tests).
// Without --marketplace the embedded sandbox marketplace starts in this process (data under
// DIR/sandbox, the demo seed on first run) and the app signs in as the demo seller pekka. With
// --marketplace the account for that URL is used; its password comes from MARKET_DESK_PASSWORD
// (not an argument: arguments are visible to every user of the machine) or the settings screen.
// Prints the page's URL (with the per-launch secret in its fragment) on stdout and serves until
// SIGINT/SIGTERM. The server runs in a process of its own (server-main.ts) that this one
// supervises: started again on the same port with the same secret if it dies (issue 37); the
// core runs in the server's child process (web-server.ts).
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { forkServer } from './server-process.ts';
import { superviseServer } from './server-supervisor.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    data: { type: 'string', default: './.market-desk' },
    renderer: { type: 'string', default: resolve(import.meta.dirname, '..', '..', 'out', 'renderer') },
    marketplace: { type: 'string' },
    user: { type: 'string' },
    sandbox: { type: 'string', default: 'on' },
    // The bundled core host (core-bundle.ts's output) when it is made beforehand: the e2e tests
    // make it once per run instead of once per web mode started.
    core: { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be 0..65535, got ${values.port}`);
  process.exit(2);
}

const root = resolve(values.data);
let closeSandbox: () => Promise<void> = async () => {};

// The accounts registry and the passwords are loaded only when an account is set up here: the
// server's process keeps nothing of the core it does not use (the core runs in its own process).
async function accountSetup() {
  const [{ appRegistry, marketplaceRoot }, { fileCredentialVault }] = await Promise.all([import('../core/session/accounts.ts'), import('../core/session/credential-file.ts')]);
  // The web-mode stand-in for Electron safeStorage: a 0600 file in the data folder.
  return { registry: appRegistry(root), credentials: fileCredentialVault(join(root, 'credentials.json')), marketplaceRoot };
}

if (values.marketplace) {
  const { registry, credentials, marketplaceRoot } = await accountSetup();
  const apiBase = marketplaceRoot(values.marketplace);
  const existing = registry.accounts().find((a) => a.baseUrl === apiBase && (!values.user || a.username === values.user));
  const entry = existing ?? registry.add(values.user ? `${values.user} @ ${new URL(apiBase).host}` : new URL(apiBase).host, apiBase, values.user);
  const password = process.env.MARKET_DESK_PASSWORD;
  if (values.user && password) credentials.set(entry.id, { username: values.user, password });
  registry.setActive(entry.id);
} else if (values.sandbox !== 'off') {
  // Loaded only when used: a run against another marketplace does not load the service.
  const { registerSandboxAccount, startSandbox } = await import('../sandbox/embedded-marketplace.ts');
  const { registry, credentials } = await accountSetup();
  const sandbox = await startSandbox(root);
  registerSandboxAccount(registry, credentials, sandbox.baseUrl);
  closeSandbox = sandbox.close;
  console.error(`sandbox marketplace on ${sandbox.baseUrl}`);
}

const secret = randomBytes(32).toString('base64url');
const supervisor = superviseServer({
  spawn: forkServer,
  options: {
    root, vault: 'file', rendererDir: resolve(values.renderer), port, secret, restarts: 0,
    ...(values.core ? { coreEntry: resolve(values.core) } : {}),
  },
  onFirstListening: (url) => console.log(url),
  log: (message) => console.error(message),
});

const stop = () => {
  void supervisor.stop().then(closeSandbox).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
