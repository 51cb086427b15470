// A screen's store reloads from the cache when the cache changes: a local change, or the end of a
// sync run (the pull may have brought new questions, offers, bids or states).
import type { Bridge } from '../bridge/bridge-types.ts';
import { describeError } from '../i18n/describe-error.ts';
import { translate } from '../i18n/translate.ts';

export function reloadOnChanges(bridge: Bridge, load: () => Promise<void>): () => void {
  const offs = [
    bridge.on('drafts.changed', () => void load()),
    bridge.on('sync.progress', (p) => {
      if (!p.running) void load();
    }),
    bridge.on('accounts.switched', () => void load()),
  ];
  return () => offs.forEach((off) => off());
}

/**
 * Numbers the calls of one kind: `const isNewest = next()` before a call, `isNewest()` when its
 * answer arrives. Loads overlap (push events, the seller's own actions), and an older answer that
 * arrives last must not put stale rows back on screen.
 */
export function callSequence(): () => () => boolean {
  let newest = 0;
  return () => {
    const mine = ++newest;
    return () => mine === newest;
  };
}

/**
 * A caught error as a sentence in the language in use (the describer's words, never the core's
 * English). Prefer keeping describeError's Msg in the store, so a language switch re-words it.
 */
export const messageOf = (error: unknown): string => translate(describeError(error));
