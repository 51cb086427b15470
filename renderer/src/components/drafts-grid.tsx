// The drafts grid: a virtualised table (only the visible rows are in the DOM), sortable headers,
// multi-select with shift/ctrl click and the keyboard, inline edit of a cell, per-row badges.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { DraftRow } from '../../../shared/ipc.ts';
import type { DraftsStore } from '../stores/drafts-store.ts';
import { CellEditor } from './cell-editor.tsx';
import { COLUMNS, displayValue, editValue, parseInput } from './columns.ts';
import { ProblemBadge, SyncBadge } from './badges.tsx';

const ROW_HEIGHT = 34;
/** The sticky header inside the scroll box (see .grid-header): rows start below it. */
const HEADER_HEIGHT = 36;
const TEMPLATE = `40px ${COLUMNS.map((c) => (c.width === 0 ? 'minmax(200px, 1fr)' : `${c.width}px`)).join(' ')} 70px 110px 100px`;

export function DraftsGrid({ store, onOpen }: { store: DraftsStore; onOpen?: () => void }) {
  const total = useStore(store, (s) => s.total);
  const rows = useStore(store, (s) => s.rows);
  const selected = useStore(store, (s) => s.selected);
  const focusRow = useStore(store, (s) => s.focusRow);
  const focusColumn = useStore(store, (s) => s.focusColumn);
  const editing = useStore(store, (s) => s.editing);
  const query = useStore(store, (s) => s.query);
  const notice = useStore(store, (s) => s.notice);
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (total > 0) void store.getState().ensureRange(first, last);
  }, [store, first, last, total, rows]);

  useEffect(() => {
    if (total > 0) virtualizer.scrollToIndex(focusRow, { align: 'auto' });
  }, [virtualizer, focusRow, total]);

  const focusGrid = () => scrollRef.current?.focus({ preventScroll: true });

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    const s = store.getState();
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const ctrl = event.ctrlKey || event.metaKey;
    const handled = true;
    switch (event.key) {
      case 'ArrowDown': void s.moveFocus(1, 0, event.shiftKey); break;
      case 'ArrowUp': void s.moveFocus(-1, 0, event.shiftKey); break;
      case 'ArrowRight': void s.moveFocus(0, 1); break;
      case 'ArrowLeft': void s.moveFocus(0, -1); break;
      case 'PageDown': void s.moveFocus(page, 0, event.shiftKey); break;
      case 'PageUp': void s.moveFocus(-page, 0, event.shiftKey); break;
      case 'Home': void s.moveFocus(-s.total, 0, event.shiftKey); break;
      case 'End': void s.moveFocus(s.total, 0, event.shiftKey); break;
      case ' ': s.toggleFocused(); break;
      case 'Enter': case 'F2': {
        if (ctrl && event.key === 'Enter' && onOpen) {
          onOpen();
          break;
        }
        const row = s.rows[s.focusRow];
        const column = COLUMNS[s.focusColumn];
        if (row && column) s.startEdit(row.localId, column.field);
        break;
      }
      case 'Escape': s.clearSelection(); break;
      case 'a': case 'A':
        if (!ctrl) return;
        void s.selectAll();
        break;
      case 'z': case 'Z':
        if (!ctrl) return;
        void s.undo();
        break;
      default:
        return;
    }
    if (handled) event.preventDefault();
  };

  const commit = async (row: DraftRow, columnIndex: number, text: string, move: 0 | 1 | -1): Promise<boolean> => {
    const column = COLUMNS[columnIndex];
    if (!column) return true;
    const s = store.getState();
    if (text === editValue(row, column.field)) s.cancelEdit();
    else if (!(await s.commitEdit(row.localId, column.field, parseInput(column, text)))) return false;
    if (move !== 0) s.setFocusColumn(columnIndex + move);
    focusGrid();
    return true;
  };

  const sortMark = (sort: string | undefined) => (sort && query.sort === sort ? (query.direction === 'asc' ? ' ▲' : ' ▼') : '');

  return (
    <div className="grid-wrap">
      <div
        ref={scrollRef}
        className="grid-scroll"
        role="grid"
        aria-label="Drafts"
        aria-rowcount={total + 1}
        aria-multiselectable="true"
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <div className="grid-row grid-header" role="row" style={{ gridTemplateColumns: TEMPLATE }}>
          <div role="columnheader" className="cell cell-check" aria-label="Selected">
            <input
              type="checkbox"
              aria-label="Select all"
              checked={total > 0 && selected.size >= total}
              onChange={(e) => (e.target.checked ? void store.getState().selectAll() : store.getState().clearSelection())}
            />
          </div>
          {COLUMNS.map((c) => (
            <div key={c.field} role="columnheader" className={`cell${c.align === 'right' ? ' right' : ''}`} aria-sort={c.sort && query.sort === c.sort ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
              {c.sort ? <button type="button" className="sort" onClick={() => void store.getState().toggleSort(c.sort!)}>{c.label}{sortMark(c.sort)}</button> : c.label}
            </div>
          ))}
          <div role="columnheader" className="cell"><button type="button" className="sort" onClick={() => void store.getState().toggleSort('status')}>Status{sortMark('status')}</button></div>
          <div role="columnheader" className="cell">Sync</div>
          <div role="columnheader" className="cell">Checks</div>
        </div>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((v) => {
            const row = rows[v.index];
            const isSelected = row ? selected.has(row.localId) : false;
            const isFocus = v.index === focusRow;
            return (
              <div
                key={v.key}
                role="row"
                aria-rowindex={v.index + 2}
                aria-selected={isSelected}
                data-local-id={row?.localId}
                className={`grid-row${isSelected ? ' selected' : ''}${isFocus ? ' focus' : ''}${v.index % 2 ? ' odd' : ''}`}
                style={{ gridTemplateColumns: TEMPLATE, transform: `translateY(${v.start - HEADER_HEIGHT}px)`, height: ROW_HEIGHT }}
                onClick={(e) => {
                  void store.getState().clickRow(v.index, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey });
                  focusGrid();
                }}
              >
                {row ? (
                  <>
                    <div role="gridcell" className="cell cell-check">
                      <input
                        type="checkbox"
                        tabIndex={-1}
                        aria-label={`Select ${row.fields.title ?? `draft ${row.localId}`}`}
                        checked={isSelected}
                        onClick={(e) => {
                          e.stopPropagation();
                          void store.getState().clickRow(v.index, { toggle: true, shift: e.shiftKey });
                        }}
                        onChange={() => {}}
                      />
                    </div>
                    {COLUMNS.map((c, ci) => {
                      const isEditing = editing?.localId === row.localId && editing.field === c.field;
                      const bad = (notice?.kind === 'error' && notice.localId === row.localId && notice.field === c.field) || row.problems.some((p) => p.field === c.field && p.code !== 'required') || (row.syncState === 'rejected' && row.rejectField === c.field);
                      return (
                        <div
                          key={c.field}
                          role="gridcell"
                          data-field={c.field}
                          className={`cell${c.align === 'right' ? ' right' : ''}${isFocus && ci === focusColumn ? ' cell-focus' : ''}${bad ? ' cell-bad' : ''}`}
                          onClick={() => store.getState().setFocusColumn(ci)}
                          onDoubleClick={() => store.getState().startEdit(row.localId, c.field)}
                        >
                          {isEditing ? (
                            <CellEditor
                              column={c}
                              initial={editValue(row, c.field)}
                              onCommit={(text, move) => commit(row, ci, text, move)}
                              onCancel={() => {
                                store.getState().cancelEdit();
                                focusGrid();
                              }}
                            />
                          ) : (
                            <span className="cell-text">{displayValue(row, c.field)}</span>
                          )}
                        </div>
                      );
                    })}
                    <div role="gridcell" className="cell"><span className={`status status-${row.status}`}>{row.status}</span></div>
                    <div role="gridcell" className="cell"><SyncBadge row={row} /></div>
                    <div role="gridcell" className="cell"><ProblemBadge problems={row.problems} /></div>
                  </>
                ) : (
                  <div className="cell loading-row">Loading…</div>
                )}
              </div>
            );
          })}
        </div>
        {total === 0 && <p className="empty">No drafts match. Import a CSV file or change the filters.</p>}
      </div>
      {notice?.kind === 'error' && notice.field && <span className="sr-only" role="alert">{notice.text}</span>}
    </div>
  );
}
