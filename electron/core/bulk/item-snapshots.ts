// A draft only this computer knows, as its rows (the item, its photos, its queued changes), so a
// bulk delete that removed it at once can put it back on undo exactly as it was: same ids, same
// idempotency keys, same photo files (content-addressed files stay on disk while rows name them
// or not; they are only removed by an image edit that orphans them).
import type { Db } from '../db/open-account-db.ts';

type Row = Record<string, unknown>;

export interface ItemSnapshot {
  item: Row;
  images: Row[];
  outbox: Row[];
}

/** The stored columns of a table (table_info leaves out generated ones, which cannot be inserted). */
function storedColumns(db: Db, table: 'items' | 'images' | 'outbox'): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).pluck().all(table) as string[]);
}

export function snapshotStatements(db: Db) {
  const columns = { items: storedColumns(db, 'items'), images: storedColumns(db, 'images'), outbox: storedColumns(db, 'outbox') };
  const select = {
    item: db.prepare(`SELECT ${columns.items.join(', ')} FROM items WHERE local_id = ?`),
    images: db.prepare(`SELECT ${columns.images.join(', ')} FROM images WHERE item_local_id = ? ORDER BY id`),
    outbox: db.prepare(`SELECT ${columns.outbox.join(', ')} FROM outbox WHERE item_local_id = ? ORDER BY id`),
  };
  // Column names come from the schema itself, never from input.
  const insert = (table: keyof typeof columns) =>
    db.prepare(`INSERT INTO ${table} (${columns[table].join(', ')}) VALUES (${columns[table].map((c) => `@${c}`).join(', ')})`);
  const put = { items: insert('items'), images: insert('images'), outbox: insert('outbox') };
  const taken = db.prepare(`SELECT count(*) FROM items WHERE local_id = ?`).pluck();

  /** A value as the row had it (a stored JSON snapshot keeps numbers, strings and nulls). */
  const only = (row: Row, names: string[]): Row => Object.fromEntries(names.map((c) => [c, row[c] ?? null]));

  return {
    take(localId: number): ItemSnapshot {
      return {
        item: select.item.get(localId) as Row,
        images: select.images.all(localId) as Row[],
        outbox: select.outbox.all(localId) as Row[],
      };
    },
    /** Puts the rows back; false when the item's id has been taken by a newer draft meanwhile. */
    restore(snapshot: ItemSnapshot): boolean {
      if (!db.inTransaction) throw new Error('a snapshot is restored inside the transaction of its undo');
      if ((taken.get(snapshot.item.local_id) as number) > 0) return false;
      put.items.run(only(snapshot.item, columns.items));
      for (const image of snapshot.images) put.images.run(only(image, columns.images));
      for (const row of snapshot.outbox) put.outbox.run(only(row, columns.outbox));
      return true;
    },
  };
}
