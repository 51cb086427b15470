// The child's side of tests/support/warm-child.ts: a child started ahead of its turn loads its
// modules (its imports run before this) and waits here for a line on stdin before it touches
// anything; a spare whose input ends without one was never needed and exits. The line is the
// turn's own arguments (JSON), when the parent gives any.
export function waitForTurn(): Promise<string[]> {
  return new Promise((resolve) => {
    let input = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      input += chunk;
      const end = input.indexOf('\n');
      if (end !== -1) resolve(JSON.parse(input.slice(0, end)) as string[]);
    });
    process.stdin.on('end', () => {
      if (!input.includes('\n')) process.exit(0);
    });
  });
}
