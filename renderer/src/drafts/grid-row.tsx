// One row of the drafts grid. Memoised: a row re-renders only when its own draft, selection,
// focus, edit or error changes, not when another row's page arrives or the focus moves elsewhere.
import { memo } from 'react';
import type { DraftRow } from '../../../shared/ipc/contract.ts';
import { ProblemBadge, SyncBadge } from './badges.tsx';
import { CellEditor } from './cell-editor.tsx';
import type { Column } from './columns.ts';
import type { CategoryChoice } from './drafts-state.ts';
import { CHECK_STYLE, TRAILING_STYLES, type GridLayout } from './grid-layout.ts';
import { isUnread, type GridText } from './grid-text.ts';

export const ROW_HEIGHT = 34;

export interface GridRowProps {
  id: string;
  index: number;
  /** Offset from the top of the rows, in pixels. */
  top: number;
  /** Undefined while the row's page is still loading. */
  row: DraftRow | undefined;
  /** The shown columns and their styles (the same object for every row). */
  layout: GridLayout;
  /** The words and formats of the language in use (the same object for every row). */
  text: GridText;
  /** The category tree for a category cell's editor (empty until one is edited). */
  categories: readonly CategoryChoice[];
  selected: boolean;
  /** The focused column when this row holds the keyboard focus, else -1. */
  focusColumn: number;
  /** The field being edited in this row, else null. */
  editingField: string | null;
  /** The field the last error was about, when it was about this row. */
  noticeField: string | null;
  /** A click anywhere in the row; the cell's column is found from the event's target. */
  onRowClick(index: number, event: React.MouseEvent): void;
  onRowDoubleClick(localId: number, event: React.MouseEvent): void;
  onCheckClick(index: number, event: React.MouseEvent): void;
  onCommit(row: DraftRow, column: number, text: string, move: 0 | 1 | -1): Promise<boolean>;
  onCancelEdit(): void;
}

function isBad(row: DraftRow, field: string, noticeField: string | null): boolean {
  return noticeField === field
    || row.problems.some((p) => p.field === field && p.code !== 'required')
    || (row.syncState === 'rejected' && row.rejectField === field);
}

export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { id, index, top, row, selected, focusColumn } = props;
  const isFocus = focusColumn >= 0;
  return (
    <div
      id={id}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-local-id={row?.localId}
      aria-busy={row ? undefined : true}
      className={`grid-row${selected ? ' selected' : ''}${isFocus ? ' focus' : ''}${index % 2 ? ' odd' : ''}${row ? '' : ' loading'}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
      // One handler per row, not two per cell: rows re-render on every frame of a fast scroll.
      onClick={(e) => props.onRowClick(index, e)}
      onDoubleClick={row ? (e) => props.onRowDoubleClick(row.localId, e) : undefined}
    >
      <Cells {...props} />
    </div>
  );
});

/**
 * The cells, loaded or not. A row whose page is on its way has the same cells, empty, so a fast
 * scroll that outruns the pages swaps text in the same elements instead of rebuilding the row.
 */
function Cells(props: GridRowProps) {
  const { index, row, selected, focusColumn, editingField, noticeField, layout, text } = props;
  return (
    <>
      <div role="gridcell" className="cell cell-check" style={CHECK_STYLE}>
        {row && (
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={text.select(row)}
            checked={selected}
            onClick={(e) => {
              e.stopPropagation();
              props.onCheckClick(index, e);
            }}
            onChange={() => {}}
          />
        )}
      </div>
      {layout.columns.map((c, ci) => {
        const shown = row ? text.display(row, c) : ci === 0 ? text.loading : '';
        const unread = row !== undefined && isUnread(row, c.field);
        return (
          <div
            key={c.field}
            role="gridcell"
            data-field={c.field}
            style={layout.styles[ci]}
            // Titles and lists may be cut to the column: the whole value shows on hover.
            title={unread ? text.unread.long : row && (c.kind === 'text' || c.kind === 'list' || c.field === 'categoryId') ? shown : undefined}
            className={`cell${c.align === 'right' ? ' right' : ''}${ci === focusColumn ? ' cell-focus' : ''}${row && isBad(row, c.field, noticeField) ? ' cell-bad' : ''}${unread ? ' cell-unread' : ''}`}
          >
            {row && editingField === c.field ? (
              <CellEditor
                column={c}
                label={layout.headings[ci] ?? c.field}
                text={text}
                categories={props.categories}
                initial={text.edit(row, c)}
                onCommit={(text, move) => props.onCommit(row, ci, text, move)}
                onCancel={props.onCancelEdit}
              />
            ) : (
              shown
            )}
          </div>
        );
      })}
      <div role="gridcell" className="cell" style={TRAILING_STYLES[0]}>{row && <span className={`status status-${row.status}`}>{text.status(row.status)}</span>}</div>
      <div role="gridcell" className="cell" style={TRAILING_STYLES[1]}>{row && <SyncBadge row={row} text={text} />}</div>
      <div role="gridcell" className="cell" style={TRAILING_STYLES[2]}>
        {row && (row.detailsMissing ? <span className="badge unread" title={text.unread.long}>{text.unread.badge}</span> : <ProblemBadge problems={row.problems} text={text} />)}
      </div>
    </>
  );
}

/** The column index of the cell an event happened in, or -1 (the check box, the badges). */
export function columnOfEvent(event: React.MouseEvent, columns: readonly Column[]): number {
  const cell = (event.target as Element).closest('[data-field]');
  const field = cell?.getAttribute('data-field');
  return field ? columns.findIndex((c) => c.field === field) : -1;
}
