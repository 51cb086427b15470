// Handlers of the seller's screens (questions, offers, sales, sync panel) and of signing in: a
// few lines each over the cache reads of seller/ and the writes of drafts/.
import { ApiError } from '../api/api-error.ts';
import { createApiClient } from '../api/client.ts';
import { memoryCredentialStore } from '../api/session.ts';
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';
import { itemReads } from '../drafts/item-rows.ts';
import { tradingChanges } from '../drafts/trading-changes.ts';
import { cannedAnswers } from '../seller/canned-answers.ts';
import { sellerReads } from '../seller/seller-reads.ts';
import { resolveConflicts } from '../sync/pull.ts';
import { marketplaceRoot, type AccountEntry } from './accounts.ts';
import type { CoreSession } from './core-session.ts';
import type { Handlers } from './handlers.ts';

type SellerMethods = 'accounts.signIn' | 'questions.list' | 'questions.answer' | 'cannedAnswers.list' | 'cannedAnswers.save' | 'cannedAnswers.reset'
  | 'offers.list' | 'offers.decide'
  | 'sales.list' | 'sales.dashboard' | 'sync.problems' | 'sync.resolve';

export function accountView(session: CoreSession, entry: AccountEntry) {
  return {
    id: entry.id, name: entry.name, baseUrl: entry.baseUrl, active: entry.id === session.account().id,
    username: entry.username ?? null, signedIn: Boolean(entry.username && session.credentials()?.get(entry.id)),
  };
}

export function sellerHandlers(session: CoreSession): Pick<Handlers, SellerMethods> {
  const cache = new WeakMap<Db, ReturnType<typeof make>>();
  const make = (db: Db) => ({ reads: sellerReads(db), trading: tradingChanges(db), items: itemReads(db), canned: cannedAnswers(db) });
  const repo = () => {
    const db = session.db();
    let r = cache.get(db);
    if (!r) {
      r = make(db);
      cache.set(db, r);
    }
    return r;
  };
  const changed = (localIds: number[] | null, reason: string) => session.emit('drafts.changed', { localIds, reason });

  return {
    async 'accounts.signIn'({ id, username, password }) {
      const vault = session.credentials();
      if (!vault) throw new DraftError('state', 'this shell keeps no passwords');
      const entry = session.registry.accounts().find((a) => a.id === id);
      if (!entry) throw new DraftError('not-found', `account ${id} does not exist`);
      // The marketplace checks the password before it is stored.
      try {
        const check = createApiClient({ baseUrl: marketplaceRoot(entry.baseUrl), credentials: memoryCredentialStore({ username, password }) });
        await check.login();
        // The token only proved the password: revoke it rather than leave it live for an hour.
        void check.logout().catch(() => undefined);
      } catch (error) {
        const message = error instanceof ApiError ? error.message : String(error);
        throw new DraftError('validation', `sign-in refused: ${message}`);
      }
      vault.set(id, { username, password });
      const updated = session.registry.update(id, { username }) ?? entry;
      if (session.account().id === id) {
        session.reload();
        changed(null, 'account');
        void session.sync().syncNow();
      }
      return accountView(session, updated);
    },
    'questions.list': () => repo().reads.questions(),
    'questions.answer'({ questionId, answer }) {
      repo().trading.answerQuestion(questionId, answer);
      changed(null, 'answer');
      return { ok: true as const };
    },
    'cannedAnswers.list': () => repo().canned.list(),
    'cannedAnswers.save': ({ answers }) => repo().canned.save(answers, Date.now()),
    'cannedAnswers.reset': () => repo().canned.reset(),
    'offers.list': () => repo().reads.offers(),
    'offers.decide'({ offerIds, decision }) {
      const refused: Array<{ offerId: number; reason: string }> = [];
      let decided = 0;
      for (const offerId of [...new Set(offerIds)]) {
        try {
          repo().trading.decideOffer(offerId, decision);
          decided += 1;
        } catch (error) {
          if (!(error instanceof DraftError)) throw error;
          refused.push({ offerId, reason: error.message });
        }
      }
      if (decided > 0) changed(null, 'offer-decision');
      return { decided, refused };
    },
    'sales.list': ({ status, limit }) => repo().reads.sales(status, limit),
    'sales.dashboard': () => repo().reads.dashboard(),
    'sync.problems': () => repo().reads.problems((localId, field) => repo().items.item(localId)?.fields[field as never]),
    'sync.resolve'({ localId, choices }) {
      const item = repo().items.item(localId);
      if (!item) throw new DraftError('not-found', `item ${localId} does not exist`);
      resolveConflicts(session.db(), localId, choices);
      changed([localId], 'resolve');
      return { ok: true as const };
    },
  };
}
