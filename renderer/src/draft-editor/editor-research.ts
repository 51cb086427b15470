// The editor's market research: the Market panel shows the draft's kept research (no request
// until the seller asks), category suggestions follow the typed title, and the keys: Alt+M
// researches, Alt+Shift+1…3 takes a suggested category.
import { useEffect, type KeyboardEvent } from 'react';
import type { ResearchStore } from '../research/research-store.ts';
import type { EditorState, EditorStore } from './editor-store.ts';
import { EDITABLE_STATUSES } from './editor-view.ts';

export function useEditorResearch(research: ResearchStore, s: EditorState): void {
  useEffect(() => {
    if (s.localId === null) return;
    void research.actions.show(s.localId);
    return () => {
      research.actions.hide();
      research.actions.clearSuggestions();
    };
  }, [research, s.localId]);

  // Suggestions as the title is typed (after a pause), for a draft still to be listed: asked when
  // the title changes or the draft has no category yet, never merely for opening one (each costs
  // requests of the day's budget).
  const typedTitle = typeof s.values.title === 'string' ? s.values.title : '';
  const wantsSuggestions = s.row !== null && EDITABLE_STATUSES.includes(s.row.status) && (s.dirty.includes('title') || s.values.categoryId == null);
  useEffect(() => {
    if (wantsSuggestions) research.actions.titleTyped(typedTitle, s.localId);
    else research.actions.clearSuggestions();
  }, [research, typedTitle, wantsSuggestions, s.localId]);
}

/** Alt+M and Alt+Shift+1…3; true when the key was the research's. */
export function researchKey(e: KeyboardEvent, research: ResearchStore, store: EditorStore, localId: number, editable: boolean): boolean {
  if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === 'KeyM') {
    void research.actions.research(localId);
    return true;
  }
  const digit = /^Digit([1-3])$/.exec(e.code);
  if (!(e.altKey && e.shiftKey && digit && editable)) return false;
  const values = store.getState().values;
  const current = typeof values.categoryId === 'number' ? values.categoryId : null;
  const chosen = (research.getState().suggestions?.items ?? []).filter((c) => c.categoryId !== current)[Number(digit[1]) - 1];
  if (!chosen) return false;
  store.actions.setField('categoryId', chosen.categoryId);
  return true;
}
