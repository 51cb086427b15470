// The checks before the tests, at once: both type checks (the Node side and the renderer's) and
// ESLint are separate programs of one thread each, so on a machine of two or more cores they run
// side by side (about 40 s where they took 74 in a row). Each one's output is printed whole when it
// ends, so they never interleave; the exit code is the first failure's.
import { spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import process from 'node:process';

const CHECKS = [
  ['typecheck (Node)', 'tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ['typecheck (renderer)', 'tsc', ['--noEmit', '-p', 'renderer/tsconfig.json']],
  ['lint', 'eslint', ['.']],
];

function run([name, bin, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [`node_modules/.bin/${bin}`, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      process.stdout.write(`${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(CHECKS.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
