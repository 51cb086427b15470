// A canned answer for several questions, shown before anything is sent (issue 21, item 7): each
// buyer's question with the answer filled for it from its own item (a clause whose placeholder is
// empty already left out), so the seller reads what each buyer will read. Send sends exactly the
// answers shown; Cancel (or Esc) sends nothing.
import { useStore } from 'zustand';
import { BusyButton } from '../a11y/busy-button.tsx';
import { useT } from '../i18n/intl.ts';
import { useModalDialog } from '../navigation/use-modal-dialog.ts';
import type { BulkPreview, QuestionsStore } from './questions-store.ts';

export function BulkAnswerPreview({ store, preview }: { store: QuestionsStore; preview: BulkPreview }) {
  const t = useT();
  const ref = useModalDialog();
  const busy = useStore(store, (s) => s.busy !== null);
  const count = preview.answers.length;
  return (
    <dialog ref={ref} className="dialog wide bulk-answer-preview" aria-labelledby="bulk-answer-title" aria-describedby="bulk-answer-intro" onCancel={(e) => { e.preventDefault(); store.getState().cancelPreview(); }}>
      <h2 id="bulk-answer-title">{t('questions.preview.title', { count })}</h2>
      <p id="bulk-answer-intro">{t('questions.preview.intro', { name: preview.cannedName })}</p>
      <ol className="preview-answers">
        {preview.answers.map((a) => (
          <li key={a.questionId} data-question-id={a.questionId}>
            <p className="preview-item"><strong>{a.title ?? t('questions.untitled')}</strong> · {a.author}</p>
            <p className="preview-question"><span className="sr-only">{t('questions.preview.question')} </span>{a.question}</p>
            <p className="preview-answer"><span className="label">{t('questions.preview.answer')}</span> {a.answer}</p>
          </li>
        ))}
      </ol>
      <div className="dialog-actions">
        <span className="spacer" />
        <button type="button" onClick={() => store.getState().cancelPreview()}>{t('common.cancel')}</button>
        <BusyButton type="button" className="primary" autoFocus busy={busy} onClick={() => void store.getState().sendPreview()}>
          {t('questions.preview.send', { count })}
        </BusyButton>
      </div>
    </dialog>
  );
}
