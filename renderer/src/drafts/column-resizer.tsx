// The grab handle on a column heading's right edge: drag to size the column, double-click for its
// own width again. The pointer is captured, so the drag goes on outside the heading.
import type { Column } from './columns.ts';
import type { GridColumnsStore } from './grid-columns-store.ts';

/** title: the hint, in the language in use (its heading made it with the column's label). */
export function ColumnResizer({ column, store, title }: { column: Column; store: GridColumnsStore; title: string }) {
  const onPointerDown = (event: React.PointerEvent<HTMLSpanElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    const heading = handle.parentElement;
    if (!heading) return;
    const startX = event.clientX;
    const startWidth = heading.getBoundingClientRect().width;
    let width = startWidth;
    handle.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) => {
      width = startWidth + e.clientX - startX;
      store.getState().setWidth(column.field, width, false);
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      if (width !== startWidth) store.getState().setWidth(column.field, width);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  return (
    <span
      className="col-resize"
      aria-hidden="true"
      title={title}
      onPointerDown={onPointerDown}
      onDoubleClick={() => store.getState().resetWidth(column.field)}
      onClick={(e) => e.stopPropagation()}
    />
  );
}
