// The handler types, in a leaf module: every domain's handler map and handlers.ts import them
// from here (no domain file imports handlers.ts, so there is no import cycle).
import type { IpcEventPayload, IpcMethodName, IpcOutput, IpcParsedInput } from '../../../shared/ipc/contract.ts';
import type { Db } from '../db/open-account-db.ts';
import type { CoreSession } from '../session/core-session.ts';

export type Handler<K extends IpcMethodName> = (input: IpcParsedInput<K>) => IpcOutput<K> | Promise<IpcOutput<K>>;
export type Handlers = { [K in IpcMethodName]: Handler<K> };
/** The handlers of some methods: what each domain exports. */
export type HandlerMap<M extends IpcMethodName> = { [K in M]: Handler<K> };

/** Tells the renderer that drafts changed (null: any of them). */
export type Changed = (localIds: number[] | null, reason: string) => void;

export function changedEmitter(session: CoreSession): Changed {
  return (localIds, reason) => session.emit('drafts.changed', { localIds, reason });
}

/** A bulk change's progress, as drafts.writeProgress events (the writer thread reports a few a second). */
export function writeProgress(session: CoreSession, kind: IpcEventPayload<'drafts.writeProgress'>['kind']) {
  return { onProgress: ({ done, total }: { done: number; total: number }) => session.emit('drafts.writeProgress', { kind, done, total }) };
}

/**
 * The statements a domain prepares over the active account's cache, made once per open cache
 * (not per call) and made again after an account switch opens another one.
 */
export function perCache<R>(session: CoreSession, make: (db: Db) => R): () => R {
  const cache = new WeakMap<Db, R>();
  return () => {
    const db = session.db();
    let r = cache.get(db);
    if (!r) {
      r = make(db);
      cache.set(db, r);
    }
    return r;
  };
}
