// Run before every test file (vitest's setupFiles: evaluated again for each file, even with
// isolate: false, unlike a module the file imports): the hooks that remove what a test or the file
// made (temp-folder.ts). Registered before the file's own, so its beforeEach runs first and its
// afterEach/afterAll last, after the file's own hooks closed what they opened.
import { afterAll, afterEach, beforeEach } from 'vitest';
import { failureNotes } from './failure-notes.ts';
import { cleanupHooks } from './temp-folder.ts';

beforeEach(() => cleanupHooks.testStarts());
afterEach(async ({ task }) => {
  // A failed test's first error also says what its open windows showed (failure-notes.ts).
  const first = task.result?.errors?.[0];
  if (first) for (const note of await failureNotes()) first.message += `\n${note}`;
  cleanupHooks.testEnded();
});
afterAll(() => cleanupHooks.fileEnded());
