// One live region for the whole window: status changes (the sync state, an import's progress,
// notices, an undo) are spoken by screen readers through it. The region is in the document from
// the first render and only its text changes; a region mounted together with its text (a notice
// that appears) is not reliably read, which is why the screens' own role=status elements are not
// enough. Polite messages wait for the reader to finish; assertive ones (errors) interrupt.
import { useEffect, useRef, useSyncExternalStore } from 'react';

export type Politeness = 'polite' | 'assertive';

interface Spoken {
  polite: string;
  assertive: string;
}

let spoken: Spoken = { polite: '', assertive: '' };
const listeners = new Set<() => void>();
const saidAt: Record<Politeness, number> = { polite: 0, assertive: 0 };
const TOGETHER_MS = 100;

/**
 * Says `text` through the live region. The same sentence twice is read twice: the region's text
 * alternates a trailing no-break space, so the DOM changes even when the words do not.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  if (text.trim() === '') return;
  const previous = spoken[politeness];
  // Two changes in one moment (the sync state and its notice, from one render) are read as one
  // message: the second would otherwise replace the first before the reader saw it.
  const now = Date.now();
  const together = now - saidAt[politeness] < TOGETHER_MS && previous !== '' && !previous.includes(text);
  saidAt[politeness] = now;
  const next = together ? `${previous} ${text}` : previous === text ? `${text}\u00a0` : text;
  spoken = { ...spoken, [politeness]: next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Announces `text` whenever it changes to a non-empty sentence. With `skipFirst` the value of the
 * first non-empty value is not read (the state the window opens with, such as "Online", is no change).
 */
export function useAnnounce(text: string | null | undefined, politeness: Politeness = 'polite', skipFirst = false): void {
  const first = useRef(skipFirst);
  useEffect(() => {
    if (first.current) {
      if (text) first.current = false;
      return;
    }
    if (text) announce(text, politeness);
  }, [text, politeness]);
}

/**
 * Mounted once, in the app frame: two visually hidden regions, polite and assertive. No status or
 * alert role: the screens' own notices keep theirs, and the region is no second "status" to find.
 */
export function LiveRegion() {
  const now = useSyncExternalStore(subscribe, () => spoken);
  return (
    <div className="visually-hidden">
      <div id="live-polite" aria-live="polite" aria-atomic="true">{now.polite}</div>
      <div id="live-assertive" aria-live="assertive" aria-atomic="true">{now.assertive}</div>
    </div>
  );
}
