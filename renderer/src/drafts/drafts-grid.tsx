// The drafts grid: a virtualised table (only the visible rows are in the DOM), sortable headers,
// multi-select with shift/ctrl click and the keyboard, inline edit of a cell, per-row badges.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { DraftRow } from '../../../shared/ipc/contract.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import type { DraftsStore } from './drafts-store.ts';
import type { GridColumnsStore } from './grid-columns-store.ts';
import { ColumnHeading } from './column-heading.tsx';
import type { Column } from './columns.ts';
import { CHECK_STYLE, gridLayout, TRAILING_STYLES, type CellStyle } from './grid-layout.ts';
import { columnOfEvent, GridRow, ROW_HEIGHT } from './grid-row.tsx';
import { gridText } from './grid-text.ts';
import { useFixedRows } from './fixed-rows.ts';
import { expectedGridHeight, rememberGridHeight } from './grid-height-memory.ts';

/** The sticky header inside the scroll box (see .grid-header): rows start below it. */
const HEADER_HEIGHT = 36;
/**
 * Rows beyond the visible ones whose pages are loaded before they scroll in: far ahead in the
 * direction of the scroll, a little behind. Rows that arrive before they are seen are drawn once.
 */
const LOOK_AHEAD = 300;
const LOOK_BEHIND = 60;
/** A pause in typing or clicking this long loads the pages ahead of a grid that stands still. */
const AHEAD_PAUSE_MS = 200;

const rowId = (index: number) => `drafts-row-${index}`;

/** The visible rows ordered by the slot (index modulo their count) that keeps each one's DOM. */
function bySlot<T extends { index: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.index % items.length) - (b.index % items.length));
}

export function DraftsGrid({ store, columnsStore, onOpen }: { store: DraftsStore; columnsStore: GridColumnsStore; onOpen?: () => void }) {
  const columns = useStore(columnsStore, (s) => s.columns);
  const widths = useStore(columnsStore, (s) => s.widths);
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  // The words and formats of the language in use, and the headings: made once per language (and
  // choice of columns), never per cell; rows are memoised on these objects.
  const text = useMemo(() => gridText(t, format), [t, format]);
  const layout = useMemo(() => gridLayout(columns, widths, (c) => text.field(c.field, true)), [columns, widths, text]);
  // The handlers below are made once; they read the columns and words shown at the time of the event.
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const textRef = useRef(text);
  textRef.current = text;
  useEffect(() => store.getState().setColumnCount(columns.length), [store, columns]);
  const total = useStore(store, (s) => s.total);
  const rows = useStore(store, (s) => s.rows);
  const selected = useStore(store, (s) => s.selected);
  const focusRow = useStore(store, (s) => s.focusRow);
  const focusColumn = useStore(store, (s) => s.focusColumn);
  const editing = useStore(store, (s) => s.editing);
  const query = useStore(store, (s) => s.query);
  const notice = useStore(store, (s) => s.notice);
  const categories = useStore(store, (s) => s.categories);
  const scrollRef = useRef<HTMLDivElement>(null);

  const [initialHeight] = useState(expectedGridHeight);
  const view = useFixedRows({ count: total, rowHeight: ROW_HEIGHT, overscan: 3, headerHeight: HEADER_HEIGHT, scrollRef, initialHeight, onMeasured: rememberGridHeight });
  const { items, scrollToIndex } = view;
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;

  const backward = view.scrollDirection === 'backward';
  const scrolling = view.isScrolling;
  useEffect(() => {
    if (total === 0) return;
    const before = backward ? LOOK_AHEAD : LOOK_BEHIND;
    const after = backward ? LOOK_BEHIND : LOOK_AHEAD;
    const ahead = () => void store.getState().ensureRange(Math.max(0, first - before), last + after);
    if (scrolling) return ahead();
    // Standing still (a new search or sort on every keystroke): the rows on screen first, the
    // pages ahead once the seller pauses, so they never queue before the next keystroke's page.
    void store.getState().ensureRange(first, last);
    const timer = setTimeout(ahead, AHEAD_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [store, first, last, total, rows, backward, scrolling]);

  useEffect(() => {
    if (total > 0) scrollToIndex(focusRow);
  }, [scrollToIndex, focusRow, total]);

  // One handler for every heading, so a memoised heading keeps its props across keystrokes.
  const onSort = useCallback((sort: NonNullable<Column['sort']>) => void store.getState().toggleSort(sort), [store]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    const s = store.getState();
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && event.shiftKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      // Moves the focused column, and the focus with it.
      const column = layout.columns[s.focusColumn];
      const to = s.focusColumn + (event.key === 'ArrowLeft' ? -1 : 1);
      if (column && to >= 0 && to < layout.columns.length) {
        columnsStore.getState().moveTo(column.field, to);
        s.setFocusColumn(to);
      }
      event.preventDefault();
      return;
    }
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
        const column = layout.columns[s.focusColumn];
        if (row && column) s.startEdit(row.localId, column.field);
        break;
      }
      case 'Escape': s.clearSelection(); break;
      case 'a': case 'A':
        if (!ctrl) return;
        void s.selectAll();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  /** Stable across renders, so a memoised row re-renders only for its own changes. */
  const handlers = useMemo(() => {
    const refocus = () => scrollRef.current?.focus({ preventScroll: true });
    return {
      onRowClick(index: number, e: React.MouseEvent) {
        const column = columnOfEvent(e, layoutRef.current.columns);
        if (column >= 0) store.getState().setFocusColumn(column);
        void store.getState().clickRow(index, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey });
        refocus();
      },
      onRowDoubleClick(localId: number, e: React.MouseEvent) {
        const columns = layoutRef.current.columns;
        const field = columns[columnOfEvent(e, columns)]?.field;
        if (field) store.getState().startEdit(localId, field);
      },
      onCheckClick(index: number, e: React.MouseEvent) {
        void store.getState().clickRow(index, { toggle: true, shift: e.shiftKey });
      },
      async onCommit(row: DraftRow, columnIndex: number, text: string, move: 0 | 1 | -1): Promise<boolean> {
        const column = layoutRef.current.columns[columnIndex];
        if (!column) return true;
        const s = store.getState();
        const words = textRef.current;
        if (text === words.edit(row, column)) s.cancelEdit();
        else if (!(await s.commitEdit(row.localId, column.field, words.parse(column, text)))) return false;
        if (move !== 0) s.setFocusColumn(columnIndex + move);
        refocus();
        return true;
      },
      onCancelEdit() {
        store.getState().cancelEdit();
        refocus();
      },
    };
  }, [store]);

  const sortMark = (sort: string | undefined) => (sort && query.sort === sort ? (query.direction === 'asc' ? ' ▲' : ' ▼') : '');

  return (
    <div className="grid-wrap">
      <div
        ref={scrollRef}
        className="grid-scroll"
        role="grid"
        aria-label={t('grid.label')}
        aria-rowcount={total + 1}
        aria-multiselectable="true"
        tabIndex={0}
        onKeyDown={onKeyDown}
        style={{ '--grid-min-width': `${layout.minRowWidth}px` } as React.CSSProperties}
      >
        <div className="grid-row grid-header" role="row">
          <div role="columnheader" className="cell cell-check" aria-label={t('grid.selected')} style={CHECK_STYLE}>
            <input
              type="checkbox"
              aria-label={t('grid.selectAll')}
              checked={total > 0 && selected.size >= total}
              onChange={(e) => (e.target.checked ? void store.getState().selectAll() : store.getState().clearSelection())}
            />
          </div>
          {layout.columns.map((c, ci) => (
            <ColumnHeading
              key={c.field}
              column={c}
              label={layout.headings[ci] ?? c.field}
              index={ci}
              style={layout.styles[ci] as CellStyle}
              store={columnsStore}
              ariaSort={c.sort && query.sort === c.sort ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined}
              sortMark={sortMark(c.sort)}
              onSort={onSort}
            />
          ))}
          <div role="columnheader" className="cell" style={TRAILING_STYLES[0]}><button type="button" className="sort" onClick={() => void store.getState().toggleSort('status')}>{t('grid.heading.status')}{sortMark('status')}</button></div>
          <div role="columnheader" className="cell" style={TRAILING_STYLES[1]}>{t('grid.heading.sync')}</div>
          <div role="columnheader" className="cell" style={TRAILING_STYLES[2]}>{t('grid.heading.checks')}</div>
        </div>
        {/* Rows in slot order: the DOM order never changes while scrolling (React moves no node,
            which would rebuild its layout), each row is placed by its own offset, and aria-owns
            gives assistive technology the rows in their visual order. */}
        <div role="rowgroup" aria-owns={items.map((v) => rowId(v.index)).join(' ')} style={{ height: view.totalSize, position: 'relative' }}>
          {bySlot(items).map((v) => {
            const row = rows[v.index];
            const isFocus = v.index === focusRow;
            const ownsNotice = notice?.kind === 'error' && row !== undefined && notice.localId === row.localId;
            return (
              <GridRow
                // Keyed by slot, not by index: a row scrolled out hands its DOM to the row
                // scrolling in, so a fast scroll updates text instead of building rows.
                key={v.index % items.length}
                id={rowId(v.index)}
                index={v.index}
                top={v.start}
                row={row}
                layout={layout}
                text={text}
                categories={categories}
                selected={row ? selected.has(row.localId) : false}
                focusColumn={isFocus ? focusColumn : -1}
                editingField={row && editing?.localId === row.localId ? editing.field : null}
                noticeField={ownsNotice ? (notice.field ?? null) : null}
                {...handlers}
              />
            );
          })}
        </div>
        {total === 0 && <p className="empty">{t('grid.empty')}</p>}
      </div>
      {notice?.kind === 'error' && notice.field && <span className="sr-only" role="alert">{say(notice.message)}</span>}
    </div>
  );
}
