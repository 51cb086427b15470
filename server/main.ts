// The service's command line. Owns the process: arguments, port, data folder, signals.
//   serve (default)  --port N (0: a free port) --host H --data DIR --seed demo --market-history N --time-zone Z
//                    --public-url URL --rate-limit N|off --login-limit ACCOUNT[,ADDRESS]|off --trust-proxy ADDRESSES
//   add-user NAME    --password P --role R [--role R...] [--type private|company] --data DIR
import { ensurePrivateDir } from '../shared/sqlite/private-files.ts';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UserRole } from '../shared/api/enums.ts';
import { DATABASE_FILE, openDatabase } from './db/open.ts';
import { createUser, findUserByName, USERNAME_PATTERN } from './domain/users.ts';
import { timeZone } from './domain/time.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimitSettings } from './http/login-limits.ts';

const USAGE = `usage:
  npm run server -- [serve] --port 8787 --data ./.market [--seed demo] [--market-history N] [--host 127.0.0.1]
                   [--time-zone Europe/Helsinki] [--public-url URL] [--rate-limit N|off]
                   [--login-limit ACCOUNT[,ADDRESS]|off]   (failed logins per 15 minutes; default 1000,100)
                   [--trust-proxy ADDRESSES]   (reverse proxies whose X-Forwarded-For names the client)
  npm run server -- add-user NAME --password P --role R [--role R] [--type private|company] --data DIR`;

async function main(argv: string[]): Promise<void> {
  const command = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'serve';
  const rest = command === argv[0] ? argv.slice(1) : argv;
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  switch (command) {
    case 'serve':
      return serve(rest);
    case 'add-user':
      return addUser(rest);
    default:
      fail(`unknown command: ${command}`);
  }
}

async function serve(args: string[]): Promise<void> {
  const values = readArgs(args, {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string', default: './.market' },
    seed: { type: 'string' },
    'market-history': { type: 'string' },
    'time-zone': { type: 'string' },
    'public-url': { type: 'string' },
    'rate-limit': { type: 'string' },
    'login-limit': { type: 'string' },
    'trust-proxy': { type: 'string' },
    log: { type: 'boolean', default: false },
  }).values;
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) fail(`invalid --port: ${values.port}`);
  if (values.seed !== undefined && values.seed !== 'demo') fail(`unknown --seed: ${values.seed} (only "demo")`);
  const history = values['market-history'];
  const historyCount = history === undefined ? 0 : Number(history);
  if (history !== undefined && !(/^\d{1,7}$/.test(history) && historyCount <= 1_000_000)) fail(`invalid --market-history: ${history} (a count of closed sales, up to 1000000)`);
  const zone = values['time-zone'];
  if (zone !== undefined && !isValidTimeZone(zone)) fail(`unknown --time-zone: ${zone}`);
  const rateLimit = values['rate-limit'];
  const perMinute = rateLimit === undefined ? undefined : rateLimit === 'off' ? null : Number(rateLimit);
  if (perMinute !== undefined && perMinute !== null && !(Number.isInteger(perMinute) && perMinute > 0)) {
    fail(`invalid --rate-limit: ${rateLimit} (a positive integer or "off")`);
  }

  const loginLimits = parseLoginLimit(values['login-limit']);
  const trustProxy = values['trust-proxy'];
  if (trustProxy !== undefined && !/^[0-9A-Za-z.:/,\s]+$/.test(trustProxy)) fail(`invalid --trust-proxy: ${trustProxy} (addresses or CIDR ranges, comma-separated, or loopback)`);
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !isBaseUrl(publicUrl)) fail(`invalid --public-url: ${publicUrl} (http(s)://host[:port], no path)`);

  // Loaded only to serve: add-user and argument errors answer without starting Fastify or sharp.
  const [{ buildApp }, { DEMO_PASSWORD, seedDemo }, { seedMarketHistory }] = await Promise.all([import('./app.ts'), import('./seed/demo.ts'), import('./seed/market-history.ts')]);
  const { app, service } = await buildApp({
    dataDir: values.data,
    timeZone: zone,
    // Also the only Host answered: links never follow a foreign Host header.
    publicUrl: publicUrl?.replace(/\/$/, ''),
    rateLimitPerMinute: perMinute,
    loginLimits,
    trustProxy: trustProxy ?? null,
    // Logs go to stderr: stdout's first line is reserved for the listening line.
    logger: values.log ? { level: 'info', stream: process.stderr } : false,
  });

  // A signal during start-up waits for it to finish, then closes the same way.
  let startup: Promise<unknown> = Promise.resolve();
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    startup
      .catch(() => undefined)
      .then(() => app.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  startup = (async () => {
    if (values.seed === 'demo') {
      const result = await seedDemo(service, { onlyIfEmpty: true });
      process.stderr.write(
        result.seeded
          ? `seeded the demo: ${result.counts.items} items, ${result.counts.images} images, ${result.counts.users} users (password ${DEMO_PASSWORD})\n`
          : 'the database has users already: opened as it is, not seeded\n',
      );
    }
    if (historyCount > 0) {
      const result = await seedMarketHistory(service, { count: historyCount });
      process.stderr.write(result.seeded ? `market history: ${result.items} closed sales, ${result.bids} bids\n` : 'the market history is there already: kept as it is\n');
    }
    if (closing) return;
    const address = await app.listen({ port, host: values.host });
    const url = new URL(address);
    // The first line on stdout, exactly: tools wait for it to learn the port.
    process.stdout.write(`listening on http://${values.host}:${url.port}\n`);
  })();
  await startup;
}

async function addUser(args: string[]): Promise<void> {
  const { values, positionals } = readArgs(
    args,
    {
      password: { type: 'string' },
      role: { type: 'string', multiple: true },
      type: { type: 'string' },
      data: { type: 'string', default: './.market' },
      email: { type: 'string' },
      'full-name': { type: 'string' },
    },
    true,
  );
  const username = positionals[0];
  if (positionals.length > 1) fail(`add-user takes one NAME, got: ${positionals.join(' ')}`);
  if (!username || !USERNAME_PATTERN.test(username)) fail('add-user needs a NAME of 2-40 letters, digits, _ . -');
  if (!values.password || values.password.length < 8) fail('--password of at least 8 characters is required');
  const roles = (values.role ?? ['private']).map((r) => {
    const parsed = UserRole.safeParse(r);
    if (!parsed.success) fail(`unknown --role ${r}; one of ${UserRole.options.join(', ')}`);
    return parsed.data;
  });
  const type = values.type === undefined ? undefined : values.type === 'company' ? 'company' : values.type === 'private' ? 'private' : fail(`--type is private or company`);
  if (type === 'private' && roles.includes('company')) fail('--role company needs --type company (or no --type)');
  ensurePrivateDir(values.data);
  const db = openDatabase(join(values.data, DATABASE_FILE));
  try {
    if (findUserByName(db, username)) fail(`user ${username} exists already`);
    const id = await createUser(db, { username, password: values.password, roles, type, email: values.email, fullName: values['full-name'] }, Date.now());
    process.stdout.write(`added user ${username} (id ${id}, roles ${roles.join(',')})\n`);
  } finally {
    db.close();
  }
}

/** parseArgs, with its errors (unknown option, missing value) as usage errors: exit code 2. */
function readArgs<T extends ParseArgsConfig['options']>(args: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
}

/** `--login-limit 10` (per account; the address gets ten times that), `10,100`, or `off`. */
function parseLoginLimit(value: string | undefined): LoginLimitSettings | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'off') return null;
  const match = /^(\d{1,6})(?:,(\d{1,7}))?$/.exec(value);
  const perAccount = Number(match?.[1]);
  const perAddress = match?.[2] === undefined ? perAccount * 10 : Number(match[2]);
  if (!match || perAccount < 1 || perAddress < 1) fail(`invalid --login-limit: ${value} (N, N,M or "off")`);
  return { ...DEFAULT_LOGIN_LIMITS, perAccount, perAddress };
}

function isBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

function isValidTimeZone(zone: string): boolean {
  try {
    timeZone(zone);
    return true;
  } catch {
    return false;
  }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const code = err instanceof Error && 'code' in err ? err.code : undefined;
  // A taken port is an everyday mistake: say so in one line.
  if (code === 'EADDRINUSE') process.stderr.write(`${err instanceof Error ? err.message : String(err)}: the port is in use; try --port 0\n`);
  else process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
