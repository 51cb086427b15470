// The child's side of tests/support/warm-child.ts: a child started ahead of its turn loads its
// modules (its imports run before this) and waits here for a line on stdin before it touches
// anything; a spare whose input ends without one was never needed and exits.
export function waitForTurn(): Promise<void> {
  return new Promise((resolve) => {
    let input = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      input += chunk;
      if (input.includes('\n')) resolve();
    });
    process.stdin.on('end', () => {
      if (!input.includes('\n')) process.exit(0);
    });
  });
}
