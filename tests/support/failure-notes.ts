// What a failed test saw, said in its error: a CI log shows a failure's message and little else,
// so an end-to-end test that times out waiting for something says what the window showed instead
// (the page's text, the focused control, the open dialogs), and a screenshot is kept in
// test-output/. openApp registers its page; each-file.ts asks every registered note when a test
// failed. No dependencies here: every test file loads this.

type Note = () => Promise<string>;

const notes = new Set<Note>();

/** Registers `note` (asked when a test fails while it is registered); returns its removal. */
export function addFailureNote(note: Note): () => void {
  notes.add(note);
  return () => notes.delete(note);
}

/** Every registered note, each given at most `withinMs` (a stuck page must not hold the run). */
export async function failureNotes(withinMs = 5_000): Promise<string[]> {
  const said: string[] = [];
  for (const note of notes) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('(no answer in time)'), withinMs)));
    said.push(await Promise.race([note().catch((error: unknown) => `(could not look: ${String(error)})`), late]));
    clearTimeout(timer);
  }
  return said;
}
