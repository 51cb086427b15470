// Questions inbox: unanswered first across all items, each card with the item's picture, price
// and time left, compact enough for ten on a 900 px window; answer inline (max 255, with a
// counter), with a canned answer filled from the item, or select several and answer them all
// with one canned answer (each filled from its own item, every answer shown before it is sent).
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useActionSelect } from '../a11y/action-select.ts';
import { useAnnounce } from '../a11y/live-region.tsx';
import type { QuestionRow } from '../../../shared/ipc/contract.ts';
import { useSaid } from '../draft-editor/error-text.ts';
import { useFormatter, useT } from '../i18n/intl.ts';
import type { CannedEditorStore } from './canned-editor-store.ts';
import { CannedManager } from './canned-manager.tsx';
import { BulkAnswerPreview } from './bulk-answer-preview.tsx';
import { ANSWER_MAX, cannedInLanguage, type QuestionsStore } from './questions-store.ts';
import './questions.css';
import { BusyButton } from '../a11y/busy-button.tsx';

const isOpen = (r: QuestionRow) => r.answer === null && r.pendingAnswer === null;

export function QuestionsInbox({ store, canned }: { store: QuestionsStore; canned: CannedEditorStore }) {
  const t = useT();
  const said = useSaid();
  const managing = useStore(canned, (s) => s.open);
  const custom = useStore(store, (s) => s.cannedCustom);
  const rows = useStore(store, (s) => s.rows);
  const loaded = useStore(store, (s) => s.loaded);
  const notice = useStore(store, (s) => s.notice);
  const preview = useStore(store, (s) => s.bulkPreview);
  useAnnounce(notice ? ('msg' in notice ? said(notice.msg) : said(notice.error)) : null, notice?.kind === 'error' ? 'assertive' : 'polite');
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  const open = rows.filter(isOpen).length;
  return (
    <section className="screen questions-screen" aria-labelledby="questions-title">
      <header className="screen-head">
        <h2 id="questions-title">{t('questions.title')}</h2>
        <span className="count">{t('questions.count', { open, total: rows.length })}</span>
        <span className="spacer" />
        <button type="button" onClick={() => canned.getState().openFor()} title={t(custom ? 'questions.manage.custom' : 'questions.manage.default')}>
          {t('questions.manage')}
        </button>
      </header>
      {managing && <CannedManager store={canned} />}
      {preview && <BulkAnswerPreview store={store} preview={preview} />}
      {notice && (
        <p className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {'msg' in notice ? said(notice.msg) : said(notice.error)}
        </p>
      )}
      {loaded && rows.length === 0 && <p className="empty">{t('questions.empty')}</p>}
      {open > 0 && <BulkBar store={store} open={open} />}
      <ol className="card-list question-cards">
        {rows.map((row) => <QuestionCard key={row.questionId} row={row} store={store} canned={canned} />)}
      </ol>
    </section>
  );
}

/** Select several questions, pick one canned answer, answer them all in one click. */
function BulkBar({ store, open }: { store: QuestionsStore; open: number }) {
  const t = useT();
  const selected = useStore(store, (s) => s.selected);
  const busy = useStore(store, (s) => s.busy !== null);
  const list = useStore(store, (s) => s.canned);
  const custom = useStore(store, (s) => s.cannedCustom);
  const [choice, setChoice] = useState('');
  const canned = cannedInLanguage(list, custom);
  return (
    <div className="bulk-answer" role="group" aria-label={t('questions.bulk.pick')}>
      <label className="choice">
        <input type="checkbox" checked={selected.length === open} onChange={(e) => store.getState().selectAllOpen(e.target.checked)} />
        {t('questions.selectAll')}
      </label>
      <span className="count" aria-live="polite">{t('questions.bulk.selected', { count: selected.length })}</span>
      <select aria-label={t('questions.bulk.pick')} value={choice} onChange={(e) => setChoice(e.target.value)}>
        <option value="">{t('questions.canned.choose')}</option>
        {canned.map((c, i) => <option key={c.name} value={i}>{c.name}</option>)}
      </select>
      <BusyButton
        type="button"
        className="primary"
        busy={busy}
        disabled={selected.length === 0 || choice === ''}
        title={t('questions.bulk.hint')}
        onClick={() => store.getState().previewSelected(Number(choice))}
      >
        {t('questions.bulk.answer', { count: selected.length })}
      </BusyButton>
    </div>
  );
}

function QuestionCard({ row, store, canned: editor }: { row: QuestionRow; store: QuestionsStore; canned: CannedEditorStore }) {
  const t = useT();
  const said = useSaid();
  const format = useFormatter();
  const draft = useStore(store, (s) => s.drafts[row.questionId] ?? '');
  const error = useStore(store, (s) => s.errors[row.questionId]);
  const busy = useStore(store, (s) => s.busy === row.questionId);
  const list = useStore(store, (s) => s.canned);
  const custom = useStore(store, (s) => s.cannedCustom);
  const picked = useStore(store, (s) => s.selected.includes(row.questionId));
  const thumbnail = useStore(store, (s) => s.thumbnails[row.localId]);
  const canned = cannedInLanguage(list, custom);
  const answered = row.answer ?? row.pendingAnswer;
  const inputId = `answer-${row.questionId}`;
  const cannedPick = useActionSelect((index) => store.getState().useCanned(row.questionId, Number(index)));
  const cardRef = useRef<HTMLLIElement>(null);
  // An answered card loses its form: the keyboard stays on the card instead of falling to the page.
  const answer = () => void store.getState().answer(row.questionId).then(() => {
    const card = cardRef.current;
    if (card && !card.contains(document.activeElement) && (document.activeElement === null || document.activeElement === document.body)) card.focus();
  });
  const title = row.item.title ?? t('questions.untitled');
  const now = Date.now();
  const closesIn = row.closesAt === null ? null : row.closesAt - now;
  return (
    <li ref={cardRef} tabIndex={-1} className={`card question-card ${answered ? 'done' : 'todo'}`} data-question-id={row.questionId} data-item-id={row.itemId} aria-label={t('questions.card', { title })}>
      {!answered && (
        <input type="checkbox" className="pick" aria-label={t('questions.select', { title })} checked={picked} onChange={() => store.getState().toggle(row.questionId)} />
      )}
      {thumbnail ? <img className="thumb" src={thumbnail} alt="" /> : <span className="thumb none" aria-hidden="true" title={t('questions.noPhoto')} />}
      <div className="card-body">
        <div className="card-meta">
          <strong className="item-title" title={title}>{row.item.title ?? t('questions.untitled')}</strong>
          {row.item.price !== null && <span className="price">{t('questions.price', { price: format.money(row.item.price) })}</span>}
          <span className="time-left">
            {closesIn === null ? null : closesIn > 0 && row.itemStatus === 'published' ? t('questions.timeLeft', { duration: format.duration(closesIn) }) : t('questions.ended')}
          </span>
          <span className="spacer" />
          <span className="byline">{row.author} · <time dateTime={row.created}>{format.dateTime(row.created)}</time></span>
        </div>
        <div className="card-line">
        <p className="question" title={row.question}>{row.question}</p>
        {answered ? (
          <p className="answer">
            {answered}
            {row.answer === null && <span className="badge warn" title={t('questions.waiting.hint')}>{t('questions.waiting')}</span>}
          </p>
        ) : (
          <form
            className="answer-form"
            onSubmit={(e) => {
              e.preventDefault();
              answer();
            }}
          >
            <label htmlFor={inputId} className="sr-only">{t('questions.answer')}</label>
            <textarea
              id={inputId}
              rows={1}
              maxLength={ANSWER_MAX}
              value={draft}
              placeholder={t('questions.answer.placeholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${inputId}-count`}
              onChange={(e) => store.getState().setDraft(row.questionId, e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  answer();
                }
              }}
            />
            <select aria-label={t('questions.canned.pick')} {...cannedPick}>
              <option value="">{t('questions.canned.choose')}</option>
              {canned.map((c, i) => <option key={c.name} value={i}>{c.name}</option>)}
            </select>
            <button type="button" className="link" onClick={() => editor.getState().openFor(row.questionId)} aria-label={t('questions.canned.edit.label')}>{t('questions.canned.edit')}</button>
            <span id={`${inputId}-count`} className={`counter ${draft.length >= ANSWER_MAX ? 'full' : ''}`}>{draft.length}/{ANSWER_MAX}</span>
            {error && <span className="field-error" role="alert">{said(error)}</span>}
            <BusyButton type="submit" className="primary" busy={busy}>{t('questions.answer')}</BusyButton>
          </form>
        )}
        </div>
      </div>
    </li>
  );
}
