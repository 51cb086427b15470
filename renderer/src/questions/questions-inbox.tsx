// Questions inbox: unanswered first across all items; answer inline (max 255, with a counter);
// canned answers filled from the item.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { CannedEditorStore } from './canned-editor-store.ts';
import { CannedManager } from './canned-manager.tsx';
import { ANSWER_MAX, type QuestionsStore } from './questions-store.ts';
import type { QuestionRow } from '../../../shared/ipc.ts';

export function QuestionsInbox({ store, canned }: { store: QuestionsStore; canned: CannedEditorStore }) {
  const managing = useStore(canned, (s) => s.open);
  const custom = useStore(store, (s) => s.cannedCustom);
  const rows = useStore(store, (s) => s.rows);
  const loaded = useStore(store, (s) => s.loaded);
  const notice = useStore(store, (s) => s.notice);
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  const open = rows.filter((r) => r.answer === null && r.pendingAnswer === null).length;
  return (
    <section className="screen" aria-labelledby="questions-title">
      <header className="screen-head">
        <h2 id="questions-title">Questions</h2>
        <span className="count">{open} unanswered · {rows.length} in all</span>
        <span className="spacer" />
        <button type="button" onClick={() => canned.getState().openFor()} title={custom ? 'Your own canned answers' : 'The default canned answers'}>
          Manage canned answers…
        </button>
      </header>
      {managing && <CannedManager store={canned} />}
      {notice && <p className="notice info" role="status">{notice}</p>}
      {loaded && rows.length === 0 && <p className="empty">No questions on your items yet. They arrive with the sync.</p>}
      <ol className="card-list">
        {rows.map((row) => <QuestionCard key={row.questionId} row={row} store={store} canned={canned} />)}
      </ol>
    </section>
  );
}

function QuestionCard({ row, store, canned: editor }: { row: QuestionRow; store: QuestionsStore; canned: CannedEditorStore }) {
  const draft = useStore(store, (s) => s.drafts[row.questionId] ?? '');
  const error = useStore(store, (s) => s.errors[row.questionId]);
  const busy = useStore(store, (s) => s.busy === row.questionId);
  const canned = useStore(store, (s) => s.canned);
  const answered = row.answer ?? row.pendingAnswer;
  const inputId = `answer-${row.questionId}`;
  return (
    <li className={`card ${answered ? 'done' : 'todo'}`} data-question-id={row.questionId} data-item-id={row.itemId} aria-label={`Question on ${row.item.title ?? 'an item'}`}>
      <div className="card-meta">
        <strong>{row.item.title ?? 'Untitled item'}</strong>
        <span>{row.author} · {row.created.slice(0, 16).replace('T', ' ')}</span>
      </div>
      <p className="question">{row.question}</p>
      {answered ? (
        <p className="answer">
          {row.answer ?? row.pendingAnswer}
          {row.answer === null && <span className="badge warn" title="Saved on this computer, not yet on the marketplace">waiting to sync</span>}
        </p>
      ) : (
        <form
          className="answer-form"
          onSubmit={(e) => {
            e.preventDefault();
            void store.getState().answer(row.questionId);
          }}
        >
          <label htmlFor={inputId} className="sr-only">Answer</label>
          <textarea
            id={inputId}
            rows={2}
            maxLength={ANSWER_MAX}
            value={draft}
            placeholder="Your answer"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${inputId}-count`}
            onChange={(e) => store.getState().setDraft(row.questionId, e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void store.getState().answer(row.questionId);
              }
            }}
          />
          <div className="answer-tools">
            <select
              aria-label="Canned answer"
              value=""
              onChange={(e) => {
                if (e.target.value !== '') store.getState().useCanned(row.questionId, Number(e.target.value));
              }}
            >
              <option value="">Canned answer…</option>
              {canned.map((c, i) => <option key={c.name} value={i}>{c.name}</option>)}
            </select>
            <button type="button" className="link" onClick={() => editor.getState().openFor(row.questionId)} aria-label="Edit canned list, previewed with this item">Edit canned…</button>
            <span id={`${inputId}-count`} className={`counter ${draft.length >= ANSWER_MAX ? 'full' : ''}`}>{draft.length}/{ANSWER_MAX}</span>
            <span className="spacer" />
            {error && <span className="field-error" role="alert">{error}</span>}
            <button type="submit" className="primary" disabled={busy}>Answer</button>
          </div>
        </form>
      )}
    </li>
  );
}
