// The inline editor of one cell: Enter saves, Escape cancels, Tab saves and moves on.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useStore } from 'zustand';
import { useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { choicesOf, type Column } from './columns.ts';
import type { CategoryChoice } from './drafts-state.ts';
import type { GridText } from './grid-text.ts';

interface Props {
  column: Column;
  /** The column's heading, in the language in use. */
  label: string;
  text: GridText;
  /** The cached tree, for a category cell: chosen by name, never typed as an id. */
  categories: readonly CategoryChoice[];
  initial: string;
  /** Resolves false when the value was refused: the editor stays open for another try. */
  onCommit(text: string, move: 0 | 1 | -1): Promise<boolean>;
  onCancel(): void;
}

export function CellEditor({ column, label, text: words, categories, initial, onCommit, onCancel }: Props) {
  const t = useT();
  const locale = useStore(localeStore, (s) => s.locale);
  const [text, setText] = useState(initial);
  const ref = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const done = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    if (ref.current instanceof HTMLInputElement) ref.current.select();
  }, []);

  const commit = (move: 0 | 1 | -1) => {
    if (done.current) return;
    done.current = true;
    void onCommit(text, move).then((saved) => {
      if (!saved) {
        done.current = false;
        ref.current?.focus();
      }
    });
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      done.current = true;
      onCancel();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      commit(event.shiftKey ? -1 : 1);
    }
  };
  const common = { ref, className: 'cell-editor', 'aria-label': t('grid.edit.label', { column: label }), onKeyDown, onBlur: () => commit(0) };

  if (column.field === 'categoryId') {
    return (
      <select {...common} value={text} onChange={(e) => setText(e.target.value)}>
        <option value=""><FormattedMessage id="common.none" /></option>
        {categories.map((c) => <option key={c.id} value={String(c.id)}>{(locale === 'en' ? c.pathEn : c.path).join(' › ')}</option>)}
      </select>
    );
  }
  const choices = choicesOf(column);
  if (choices) {
    return (
      <select {...common} className="cell-editor cell-choice" value={text} onChange={(e) => setText(e.target.value)}>
        <option value=""><FormattedMessage id="common.none" /></option>
        {choices.map((o) => <option key={o} value={o}>{words.choice(column, o)}</option>)}
      </select>
    );
  }
  return (
    <input
      {...common}
      value={text}
      inputMode={column.kind === 'number' ? 'decimal' : column.kind === 'int' ? 'numeric' : 'text'}
      placeholder={column.kind === 'list' ? column.options?.join('; ') : ''}
      onChange={(e) => setText(e.target.value)}
    />
  );
}
