// The service's command line. Owns the process: arguments, port, data folder, signals.
//   serve (default)  --port N (0: a free port) --host H --data DIR --seed demo --time-zone Z
//                    --public-url URL --rate-limit N|off
//   add-user NAME    --password P --role R [--role R...] [--type private|company] --data DIR
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { UserRole } from '../shared/api/index.ts';
import { buildApp, DATABASE_FILE } from './app.ts';
import { openDatabase } from './db/open.ts';
import { createUser, findUserByName, USERNAME_PATTERN } from './domain/users.ts';
import { seedDemo } from './seed/demo.ts';

const USAGE = `usage:
  npm run server -- [serve] --port 8787 --data ./.market [--seed demo] [--host 127.0.0.1]
                   [--time-zone Europe/Helsinki] [--public-url URL] [--rate-limit N|off]
  npm run server -- add-user NAME --password P --role R [--role R] [--type private|company] --data DIR`;

async function main(argv: string[]): Promise<void> {
  const command = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'serve';
  const rest = command === argv[0] ? argv.slice(1) : argv;
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
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: './.market' },
      seed: { type: 'string' },
      'time-zone': { type: 'string' },
      'public-url': { type: 'string' },
      'rate-limit': { type: 'string' },
      log: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port: ${values.port}`);
  if (values.seed !== undefined && values.seed !== 'demo') fail(`unknown --seed: ${values.seed} (only "demo")`);
  const rateLimit = values['rate-limit'];
  const { app, service } = await buildApp({
    dataDir: values.data,
    timeZone: values['time-zone'],
    publicUrl: values['public-url'] ?? undefined,
    rateLimitPerMinute: rateLimit === undefined ? undefined : rateLimit === 'off' ? null : Number(rateLimit),
    logger: values.log ? { level: 'info' } : false,
  });
  if (values.seed === 'demo') await seedDemo(service, { onlyIfEmpty: true });

  const address = await app.listen({ port, host: values.host });
  const url = new URL(address);
  // The first line on stdout, exactly: tools wait for it to learn the port.
  process.stdout.write(`listening on http://${values.host}:${url.port}\n`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function addUser(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      role: { type: 'string', multiple: true },
      type: { type: 'string' },
      data: { type: 'string', default: './.market' },
      email: { type: 'string' },
      'full-name': { type: 'string' },
    },
  });
  const username = positionals[0];
  if (!username || !USERNAME_PATTERN.test(username)) fail('add-user needs a NAME of 2-40 letters, digits, _ . -');
  if (!values.password || values.password.length < 8) fail('--password of at least 8 characters is required');
  const roles = (values.role ?? ['private']).map((r) => {
    const parsed = UserRole.safeParse(r);
    if (!parsed.success) fail(`unknown --role ${r}; one of ${UserRole.options.join(', ')}`);
    return parsed.data;
  });
  const type = values.type === undefined ? undefined : values.type === 'company' ? 'company' : values.type === 'private' ? 'private' : fail(`--type is private or company`);
  const db = openDatabase(join(values.data, DATABASE_FILE));
  try {
    if (findUserByName(db, username)) fail(`user ${username} exists already`);
    const id = await createUser(db, { username, password: values.password, roles, type, email: values.email, fullName: values['full-name'] }, Date.now());
    process.stdout.write(`added user ${username} (id ${id}, roles ${roles.join(',')})\n`);
  } finally {
    db.close();
  }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
