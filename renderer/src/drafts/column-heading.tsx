// One heading of the drafts grid: its label (a sort button where the column sorts), dragged onto
// another heading to move the column there, and the grab handle on its edge that sizes it.
import { memo, useState } from 'react';
import { useT } from '../i18n/intl.ts';
import type { GridColumnsStore } from './grid-columns-store.ts';
import { ColumnResizer } from './column-resizer.tsx';
import type { Column } from './columns.ts';
import type { CellStyle } from './grid-layout.ts';

/** Only a heading of this grid is taken as a dropped column (not text or files). */
const COLUMN_TYPE = 'application/x-market-desk-column';

interface Props {
  column: Column;
  /** Its heading in the language in use. */
  label: string;
  index: number;
  style: CellStyle;
  store: GridColumnsStore;
  ariaSort: 'ascending' | 'descending' | undefined;
  /** ' ▲', ' ▼' or '' */
  sortMark: string;
  /** The grid's one sort handler (made once), called with this column's sort. */
  onSort(sort: NonNullable<Column['sort']>): void;
}

// Memoised: the grid renders on every keystroke of the search, and a heading changes only with its
// column, its words, its width or the sort.
export const ColumnHeading = memo(function ColumnHeading({ column, label, index, style, store, ariaSort, sortMark, onSort }: Props) {
  const t = useT();
  const [dropHere, setDropHere] = useState(false);
  const dragProps = {
    draggable: true,
    title: t('grid.heading.drag', { column: label }),
    onDragStart: (e: React.DragEvent) => {
      e.dataTransfer.setData(COLUMN_TYPE, column.field);
      e.dataTransfer.effectAllowed = 'move';
    },
  };
  const accepts = (e: React.DragEvent) => e.dataTransfer.types.includes(COLUMN_TYPE);
  return (
    <div
      role="columnheader"
      className={`cell${column.align === 'right' ? ' right' : ''}${dropHere ? ' drop-here' : ''}`}
      style={style}
      aria-sort={ariaSort}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setDropHere(true);
      }}
      onDragLeave={() => setDropHere(false)}
      onDrop={(e) => {
        setDropHere(false);
        const field = e.dataTransfer.getData(COLUMN_TYPE);
        if (!field) return;
        e.preventDefault();
        store.getState().moveTo(field, index);
      }}
    >
      {column.sort ? (
        <button type="button" className="sort" onClick={() => column.sort && onSort(column.sort)} {...dragProps}>{label}{sortMark}</button>
      ) : (
        <span className="heading-label" {...dragProps}>{label}</span>
      )}
      <ColumnResizer column={column} store={store} title={t('grid.heading.resize', { column: label })} />
    </div>
  );
});
