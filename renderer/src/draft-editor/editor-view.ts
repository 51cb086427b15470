// What the editor's parts derive from the store's state alike: the item, a status change still
// queued, whether it can be edited, how each field is presented, what blocks a save. DOM-free.
import type { EditorState } from './editor-store.ts';
import { present, type EditorField } from './field-specs.ts';

/** The statuses whose fields the seller edits (the marketplace takes edits only before listing). */
export const EDITABLE_STATUSES = ['draft', 'preview'];

function isFuture(requestTime: unknown): boolean {
  if (typeof requestTime !== 'string' || requestTime === '') return false;
  return new Date(requestTime.replace(' ', 'T')).getTime() > Date.now();
}

export type EditorView = ReturnType<typeof editorView>;

export function editorView(s: EditorState, row: NonNullable<EditorState['row']>) {
  const queued = s.queuedStatus !== null && s.queuedStatus !== row.status ? s.queuedStatus : null;
  return {
    row,
    /** A status change queued and not yet the item's. */
    queued,
    editable: EDITABLE_STATUSES.includes(row.status) && queued === null,
    look: (spec: EditorField) => present(spec, s.settings, s.values),
    /** Problems a save refuses for (a missing value only stops a publish). */
    blocking: s.problems.filter((p) => p.code !== 'required'),
    /** A list time in the future: publishing schedules it. */
    scheduled: isFuture(s.values.listTime),
  };
}
