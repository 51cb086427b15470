// Run before every test file (vitest's setupFiles: evaluated again for each file, even with
// isolate: false, unlike a module the file imports): the hooks that remove what a test or the file
// made (temp-folder.ts). Registered before the file's own, so its beforeEach runs first and its
// afterEach/afterAll last, after the file's own hooks closed what they opened.
import { afterAll, afterEach, beforeEach } from 'vitest';
import { cleanupHooks } from './temp-folder.ts';

beforeEach(() => cleanupHooks.testStarts());
afterEach(() => cleanupHooks.testEnded());
afterAll(() => cleanupHooks.fileEnded());
