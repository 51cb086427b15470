// Automation: offer and relist rules (with the preview of what an offer rule would do), the pause
// switch, the log and its CSV, saved groups with live counts, staggered schedules. A few lines
// each over electron/core/rules/.
import type { IpcParsedInput } from '../../../../shared/ipc/contract.ts';
import type { OfferRule } from '../../../../shared/ipc/rules.ts';
import type { Db } from '../../db/open-account-db.ts';
import { offerRules } from '../../rules/offer-rules.ts';
import { ruleLogCsv } from '../../rules/rule-log-csv.ts';
import { ruleLogReads, ruleStore } from '../../rules/rule-store.ts';
import { rulesPass } from '../../rules/rules-pass.ts';
import { resolveQuery, savedGroups, type SavedGroup } from '../../rules/saved-groups.ts';
import { staggeredSchedule } from '../../rules/stagger.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, perCache, type HandlerMap } from '../handler-types.ts';
import { gridIds } from '../grid-ids.ts';

type RulesMethod =
  | 'rules.list' | 'rules.previewOfferRule' | 'rules.saveOfferRule' | 'rules.deleteOfferRule' | 'rules.saveRelistRule' | 'rules.deleteRelistRule'
  | 'rules.setPaused' | 'rules.runNow' | 'rules.log' | 'rules.exportLog'
  | 'groups.list' | 'groups.save' | 'groups.delete' | 'groups.ids' | 'schedule.preview' | 'schedule.run';

type Target = IpcParsedInput<'groups.ids'>['target'];

const repositories = (db: Db) => ({
  store: ruleStore(db), offers: offerRules(db), pass: rulesPass(db), log: ruleLogReads(db), groups: savedGroups(db),
  schedule: staggeredSchedule(db),
});

export function rulesHandlers(session: CoreSession, now: () => number = Date.now): HandlerMap<RulesMethod> {
  const repo = perCache(session, repositories);
  const changed = changedEmitter(session);
  /** A query's or a group's ids are read in slices (grid-ids.ts): a write after them asks for its turn again. */
  const idsOf = async (target: Target): Promise<number[]> => {
    if ('localIds' in target) return target.localIds;
    if ('query' in target) return gridIds(session, target.query);
    return gridIds(session, resolveQuery(repo().groups.get(target.groupId).query, now()));
  };
  const withCount = (g: SavedGroup) => ({
    ...g,
    query: { ...g.query, status: g.query.status && [...g.query.status], syncState: g.query.syncState && [...g.query.syncState] },
    count: repo().groups.count(g, now()),
  });
  /** Runs the rules now; decisions made are told (notification) and start a sync (drafts.changed). */
  const pass = async () => {
    const result = await session.writes().long({ kind: 'rules-pass', now: now() });
    if (result.logged > 0) session.emit('rules.activity', { decided: result.logged, entries: result.entries });
    if (result.queued + result.relisted > 0) changed(null, 'rules');
    return result;
  };

  return {
    'rules.list': () => ({ offerRules: repo().store.offerRules(), relistRules: repo().store.relistRules(), paused: repo().store.paused() }),
    'rules.previewOfferRule': (input) => {
      const existing = repo().store.offerRules().find((r) => r.scope === input.scope && r.scopeId === input.scopeId);
      const draft: OfferRule = { ...input, id: existing?.id ?? -1, created: existing?.created ?? now(), updated: now() };
      return { verdicts: repo().offers.preview(draft, now()) };
    },
    'rules.saveOfferRule': async (input) => {
      const rule = repo().store.saveOfferRule(input, now());
      return { rule, queued: (await pass()).queued };
    },
    'rules.deleteOfferRule': ({ id }) => {
      repo().store.deleteOfferRule(id);
      return { ok: true as const };
    },
    'rules.saveRelistRule': (input) => repo().store.saveRelistRule(input, now()),
    'rules.deleteRelistRule': ({ id }) => {
      repo().store.deleteRelistRule(id);
      return { ok: true as const };
    },
    'rules.setPaused': async ({ paused }) => {
      repo().store.setPaused(paused, now());
      if (!paused) await pass();
      return { ok: true as const };
    },
    'rules.runNow': async () => {
      const { queued, relisted } = await pass();
      return { queued, relisted };
    },
    'rules.log': (filter) => repo().log(filter),
    'rules.exportLog': ({ locale, words }) => {
      const { entries } = repo().log({ limit: Number.MAX_SAFE_INTEGER });
      return { csv: ruleLogCsv([...entries].reverse(), locale, words), rows: entries.length };
    },
    'groups.list': () => repo().groups.list().map(withCount),
    'groups.save': (input) => withCount(repo().groups.save(input, now())),
    'groups.delete': ({ id }) => {
      repo().groups.remove(id);
      return { ok: true as const };
    },
    'groups.ids': ({ target }) => idsOf(target),
    'schedule.preview': async ({ target, start, spacing }) => repo().schedule.preview(await idsOf(target), start, spacing, now()),
    'schedule.run': async ({ target, start, spacing }) => {
      const ids = await idsOf(target);
      await session.writes().turn();
      const result = repo().schedule.run(ids, start, spacing, now());
      if (result.changed > 0) changed(null, 'schedule');
      return result;
    },
  };
}
