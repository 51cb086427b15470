// `node <bundle> <cache path> <count> <now>`: a new account cache with `count` drafts written by
// insertManyDrafts, closed (its WAL checkpointed into the file). Run by many-drafts-cache.ts.
import { openAccountDb } from '../../electron/core/db/open-account-db.ts';
import { insertManyDrafts } from './many-drafts.ts';

const [path, count, now] = process.argv.slice(2);
if (!path || !count || !now) throw new Error('usage: many-drafts-child <path> <count> <now>');
const db = openAccountDb(path);
insertManyDrafts(db, Number(count), Number(now));
db.close();
