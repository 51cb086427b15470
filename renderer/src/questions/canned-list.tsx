// The canned answers manager's list (its left pane): ↑/↓ to choose, Alt+↑/↓ to move, Home/End,
// Delete to remove, Enter to edit the name; the add button and the count against the limit.
import { FormattedMessage } from 'react-intl';
import { useStore } from 'zustand';
import { CANNED_LIMITS } from '../../../shared/canned-answers/canned-answers.ts';
import { useT } from '../i18n/intl.ts';
import { answerProblems, hasProblems, type CannedEditorStore } from './canned-editor-store.ts';

export function CannedList({ store, onAdd, onEditName }: { store: CannedEditorStore; onAdd: () => void; onEditName: () => void }) {
  const answers = useStore(store, (s) => s.answers);
  const selected = useStore(store, (s) => s.selected);
  const actions = store.getState();
  const t = useT();
  const problems = answerProblems(answers);
  const current = selected >= 0 ? answers[selected] : undefined;

  const onListKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const by = e.key === 'ArrowDown' ? 1 : -1;
      if (e.altKey) actions.move(selected, by);
      else actions.select(selected + by);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      actions.select(e.key === 'Home' ? 0 : answers.length - 1);
    } else if (e.key === 'Delete' && selected >= 0) {
      e.preventDefault();
      actions.remove(selected);
    } else if (e.key === 'Enter' && selected >= 0) {
      e.preventDefault();
      onEditName();
    }
  };

  return (
    <div className="canned-list-pane">
      <ul
        className="canned-list"
        role="listbox"
        aria-label={t('questions.manager.list')}
        tabIndex={0}
        aria-activedescendant={current ? `canned-option-${current.key}` : undefined}
        onKeyDown={onListKey}
      >
        {answers.map((a, i) => (
          <li
            key={a.key}
            id={`canned-option-${a.key}`}
            role="option"
            aria-selected={i === selected}
            className={`${i === selected ? 'selected' : ''}${hasProblems(problems[i] ?? { unknown: [] }) ? ' has-problem' : ''}`}
            onClick={() => actions.select(i)}
          >
            <span className="canned-name">{a.name.trim() || t('questions.manager.noName')}</span>
            {hasProblems(problems[i] ?? { unknown: [] }) && <span className="badge bad" title={t('questions.manager.needsFix')}>!</span>}
          </li>
        ))}
      </ul>
      {answers.length === 0 && <p className="muted">{t('questions.manager.emptyList')}</p>}
      <div className="canned-list-tools">
        <button type="button" onClick={onAdd} disabled={answers.length >= CANNED_LIMITS.answers} aria-keyshortcuts="Alt+N">{t('questions.manager.add')}</button>
        <span className="muted">{answers.length}/{CANNED_LIMITS.answers}</span>
      </div>
      <p className="hint"><FormattedMessage id="questions.manager.keys" values={{ k: (chunks) => <kbd>{chunks}</kbd> }} /></p>
    </div>
  );
}
