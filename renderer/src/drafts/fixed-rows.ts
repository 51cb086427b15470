// Which rows of the drafts grid are in view, for rows of one fixed height: plain arithmetic on the
// scroll offset, whatever the count. (A general virtualiser keeps a measurement per row: 100,000
// objects built again whenever the count changes, on the first render and on every keystroke of a
// search, and it read the scroll box's size in the middle of React's commit, laying the page out
// twice before the first rows showed: issue 19.) The scroll box's height comes from a
// ResizeObserver, its offset from scroll events, so nothing here makes the browser lay out early.
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';

export interface RowSlot {
  index: number;
  /** Offset from the top of the rows (below the header), in pixels. */
  start: number;
}

export interface FixedRowsOptions {
  count: number;
  rowHeight: number;
  /** Rows drawn beyond each edge of the view. */
  overscan: number;
  /** The sticky header above the rows, inside the scroll box: it covers the view's top. */
  headerHeight: number;
  scrollRef: RefObject<HTMLElement | null>;
  /** The scroll box's height until it is measured (default: the window's). */
  initialHeight?: number;
  /** Told each measured height of the scroll box (to remember it for the next start). */
  onMeasured?: (height: number) => void;
}

export interface FixedRows {
  items: RowSlot[];
  /** The rows' whole height (the header not included). */
  totalSize: number;
  scrollDirection: 'forward' | 'backward' | null;
  isScrolling: boolean;
  /** Scrolls the least that shows the row whole below the header (none when it is). */
  scrollToIndex(index: number): void;
}

/** No scroll event for this long: the scroll has ended (where the browser has no scrollend). */
const SCROLL_END_MS = 150;

interface View {
  top: number;
  height: number;
  scrolling: boolean;
  direction: 'forward' | 'backward' | null;
}

export function useFixedRows({ count, rowHeight, overscan, headerHeight, scrollRef, initialHeight, onMeasured }: FixedRowsOptions): FixedRows {
  // Until the box is measured, the height it is expected to have: the first render already has its rows.
  const [view, setView] = useState<View>(() => ({ top: 0, height: initialHeight ?? window.innerHeight, scrolling: false, direction: null }));
  const measured = useRef(onMeasured);
  measured.current = onMeasured;
  const viewRef = useRef(view);
  viewRef.current = view;

  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    let ended: ReturnType<typeof setTimeout> | undefined;
    const update = (next: Partial<View>) => setView((v) => {
      const merged = { ...v, ...next };
      return merged.top === v.top && merged.height === v.height && merged.scrolling === v.scrolling && merged.direction === v.direction ? v : merged;
    });
    const onScroll = () => {
      const top = box.scrollTop;
      const before = viewRef.current.top;
      update({ top, scrolling: true, direction: top === before ? viewRef.current.direction : top > before ? 'forward' : 'backward' });
      clearTimeout(ended);
      ended = setTimeout(() => update({ scrolling: false, direction: null }), SCROLL_END_MS);
    };
    const resize = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const height = entry.contentBoxSize[0]?.blockSize ?? entry.contentRect.height;
      update({ height });
      measured.current?.(height);
    });
    box.addEventListener('scroll', onScroll, { passive: true });
    resize.observe(box);
    return () => {
      clearTimeout(ended);
      box.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, [scrollRef]);

  // The rows under any part of the view below the header's top edge, and the overscan.
  const first = Math.max(0, Math.floor((view.top - headerHeight) / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((view.top + view.height - headerHeight) / rowHeight) - 1 + overscan);
  const items = useMemo(() => {
    const slots: RowSlot[] = [];
    for (let index = first; index <= last; index++) slots.push({ index, start: index * rowHeight });
    return slots;
  }, [first, last, rowHeight]);

  const scrollToIndex = useCallback((index: number) => {
    const box = scrollRef.current;
    if (!box || count === 0) return;
    const row = Math.max(0, Math.min(index, count - 1));
    const { top, height } = viewRef.current;
    const start = headerHeight + row * rowHeight;
    const end = start + rowHeight;
    const maxTop = Math.max(0, headerHeight + count * rowHeight - height);
    let to: number;
    if (end > top + height) to = end - height;
    else if (start < top + headerHeight) to = start - headerHeight;
    else return;
    to = Math.max(0, Math.min(maxTop, to));
    if (to === top) return;
    box.scrollTop = to;
    // Its scroll event comes later: a second call before it (a held arrow key) starts from here.
    viewRef.current = { ...viewRef.current, top: to };
  }, [scrollRef, count, rowHeight, headerHeight]);

  return { items, totalSize: count * rowHeight, scrollDirection: view.direction, isScrolling: view.scrolling, scrollToIndex };
}
