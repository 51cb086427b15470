// "Open" and "closed" as every list of the service means them (search, favorites, purchases,
// sales, the category pages): an item is open while it is published and before its closing time.
// Past that time it counts as closed at once, even before the closing job has closed it, so no
// list shows as open an item that no longer takes bids. The SQL needs the parameter @now.

/** `closingTime`: the column expression, e.g. `+i.closing_time` to keep SQLite off its index. */
export function openItemSql(closingTime = 'i.closing_time'): string {
  return `i.status = 'published' AND ${closingTime} > @now`;
}

export function closedItemSql(closingTime = 'i.closing_time'): string {
  return `(i.status = 'closed' OR (i.status = 'published' AND ${closingTime} <= @now))`;
}
