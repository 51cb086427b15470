// Undoing an import removes its drafts: more than a screenful, and the seller is asked first,
// in words that say what goes ("Remove the 10,000 imported drafts?"). Keep is the default.
import { useFormatter, useT } from '../i18n/intl.ts';
import type { LastStep } from './drafts-state.ts';
import { useModalDialog } from '../navigation/use-modal-dialog.ts';

export function UndoImportDialog({ step, onAnswer }: { step: NonNullable<LastStep>; onAnswer(yes: boolean): void }) {
  const t = useT();
  const format = useFormatter();
  const ref = useModalDialog();
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="undo-import-title" aria-describedby="undo-import-question" onCancel={(e) => { e.preventDefault(); onAnswer(false); }}>
      <h2 id="undo-import-title">{t('app.undoImport.title')}</h2>
      <p id="undo-import-question"><strong>{t('app.undoImport.question', { count: step.itemCount })}</strong></p>
      <p>{t('app.undoImport.detail', { when: format.relative(step.created) })}</p>
      <div className="dialog-actions">
        <span className="spacer" />
        <button type="button" autoFocus onClick={() => onAnswer(false)}>{t('app.undoImport.keep')}</button>
        <button type="button" className="primary danger" onClick={() => onAnswer(true)}>{t('app.undoImport.remove', { count: step.itemCount })}</button>
      </div>
    </dialog>
  );
}
