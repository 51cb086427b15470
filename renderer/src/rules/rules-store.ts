// The Rules screen's state: the offer and relist rules, the switch that pauses all, saved groups
// with their live counts, what a new offer rule would do (shown before it is saved), and the log
// (filtered, exported as CSV). DOM-free: tested under Node through the in-memory bridge.
import { createStore } from 'zustand/vanilla';
import type { IpcInput, IpcOutput } from '../../../shared/ipc/contract.ts';
import type { OfferRule, OfferRuleInput, OfferVerdict, RelistRule, RelistRuleInput, RuleLogEntry } from '../../../shared/ipc/rules.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { callSequence, messageOf, reloadOnChanges } from '../navigation/live-store.ts';
import { ruleLogWords } from './log-words.ts';

export type SavedGroupRow = IpcOutput<'groups.list'>[number];
export type TemplateChoice = { id: number; name: string };
export type ItemChoice = { localId: number; title: string | null; sku: string | null };
/** A saved rule loaded into its form for editing. */
export type Editing = { kind: 'offer'; rule: OfferRule } | { kind: 'relist'; rule: RelistRule };
export type LogFilter = { ruleKind?: 'offer' | 'relist' | 'schedule'; text?: string };

export interface RulesState {
  loaded: boolean;
  offerRules: OfferRule[];
  relistRules: RelistRule[];
  paused: boolean;
  groups: SavedGroupRow[];
  /** The account's listing templates: a rule's scope may be one. */
  templates: TemplateChoice[];
  /** The titles of items that have a rule of their own (the lists name them). */
  itemTitles: Record<number, string | null>;
  /** The items the rule forms' item search found. */
  itemChoices: ItemChoice[];
  editing: Editing | null;
  log: RuleLogEntry[];
  logTotal: number;
  filter: LogFilter;
  /** A new offer rule and what it would do now: saved only after this is shown. */
  preview: { rule: OfferRuleInput; verdicts: OfferVerdict[]; form: 'shop' | 'scoped' } | null;
  notice: { kind: 'info' | 'error'; text: Msg | string } | null;
  load(): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
  /** `form`: which form asked (its preview is shown under it). */
  previewOfferRule(rule: OfferRuleInput, form?: 'shop' | 'scoped'): Promise<void>;
  searchItems(text: string): Promise<void>;
  edit(editing: Editing | null): void;
  confirmOfferRule(): Promise<void>;
  cancelPreview(): void;
  deleteOfferRule(id: number): Promise<void>;
  saveRelistRule(rule: RelistRuleInput): Promise<void>;
  deleteRelistRule(id: number): Promise<void>;
  saveGroup(name: string, query: IpcInput<'groups.save'>['query']): Promise<void>;
  deleteGroup(id: number): Promise<void>;
  setFilter(filter: LogFilter): Promise<void>;
  exportLog(locale: 'fi' | 'en'): Promise<{ fileName: string; text: string } | null>;
  dispose(): void;
}

export function createRulesStore(bridge: Bridge) {
  const next = callSequence();
  const store = createStore<RulesState>()((set, get) => {
    const failed = (error: unknown) => set({ notice: { kind: 'error', text: messageOf(error) } });
    return {
      loaded: false, offerRules: [], relistRules: [], paused: false, groups: [], templates: [], itemTitles: {}, itemChoices: [], editing: null,
      log: [], logTotal: 0, filter: {}, preview: null, notice: null,
      async load() {
        const isNewest = next();
        try {
          const [rules, groups, log, templates] = await Promise.all([
            call(bridge, 'rules.list', {}),
            call(bridge, 'groups.list', {}),
            call(bridge, 'rules.log', { ...get().filter, limit: 200 }),
            call(bridge, 'templates.list', {}),
          ]);
          // The items with a rule of their own, named by their titles (a few; one read each).
          const itemIds = [...new Set([...rules.offerRules, ...rules.relistRules].filter((r) => r.scope === 'item').map((r) => r.scopeId))];
          const titles = await Promise.all(itemIds.map((localId) => call(bridge, 'drafts.get', { localId }).then((row) => row.fields.title as string | null, () => null)));
          if (!isNewest()) return;
          set({
            loaded: true, offerRules: rules.offerRules, relistRules: rules.relistRules, paused: rules.paused, groups, log: log.entries, logTotal: log.total,
            templates: templates.map((tpl) => ({ id: tpl.id, name: tpl.name })), itemTitles: Object.fromEntries(itemIds.map((id, i) => [id, titles[i] ?? null])),
          });
        } catch (error) {
          failed(error);
        }
      },
      async setPaused(paused) {
        // The switch moves at once; the core's answer confirms it (a failure puts it back).
        set({ paused });
        try {
          await call(bridge, 'rules.setPaused', { paused });
          set({ notice: { kind: 'info', text: msg(paused ? 'rules.paused.on' : 'rules.paused.off') } });
          await get().load();
        } catch (error) {
          failed(error);
        }
      },
      async previewOfferRule(rule, form = 'shop') {
        try {
          const { verdicts } = await call(bridge, 'rules.previewOfferRule', rule);
          set({ preview: { rule, verdicts, form }, notice: null });
        } catch (error) {
          failed(error);
        }
      },
      async confirmOfferRule() {
        const preview = get().preview;
        if (!preview) return;
        try {
          const { queued } = await call(bridge, 'rules.saveOfferRule', preview.rule);
          set({ preview: null, editing: null, notice: { kind: 'info', text: msg('rules.offer.saved', { count: queued }) } });
          await get().load();
        } catch (error) {
          failed(error);
        }
      },
      cancelPreview: () => set({ preview: null }),
      async searchItems(text) {
        if (text.trim() === '') {
          set({ itemChoices: [] });
          return;
        }
        try {
          const page = await call(bridge, 'drafts.page', { text, limit: 20 });
          set({ itemChoices: page.rows.map((r) => ({ localId: r.localId, title: (r.fields.title as string | null) ?? null, sku: (r.fields.sku as string | null) ?? null })) });
        } catch (error) {
          failed(error);
        }
      },
      edit: (editing) => set({ editing, preview: null }),
      async deleteOfferRule(id) {
        await call(bridge, 'rules.deleteOfferRule', { id }).catch(failed);
        await get().load();
      },
      async saveRelistRule(rule) {
        try {
          await call(bridge, 'rules.saveRelistRule', rule);
          set({ editing: null, notice: { kind: 'info', text: msg('rules.relist.saved') } });
          await get().load();
        } catch (error) {
          failed(error);
        }
      },
      async deleteRelistRule(id) {
        await call(bridge, 'rules.deleteRelistRule', { id }).catch(failed);
        await get().load();
      },
      async saveGroup(name, query) {
        try {
          await call(bridge, 'groups.save', { name, query });
          await get().load();
        } catch (error) {
          failed(error);
        }
      },
      async deleteGroup(id) {
        await call(bridge, 'groups.delete', { id }).catch(failed);
        await get().load();
      },
      async setFilter(filter) {
        set({ filter });
        await get().load();
      },
      async exportLog(locale) {
        try {
          const { csv } = await call(bridge, 'rules.exportLog', { locale, words: ruleLogWords(locale) });
          return { fileName: locale === 'fi' ? 'saannot-loki.csv' : 'rules-log.csv', text: csv };
        } catch (error) {
          failed(error);
          return null;
        }
      },
      dispose: () => undefined,
    };
  });
  const offs = [reloadOnChanges(bridge, () => store.getState().load()), bridge.on('rules.activity', () => void store.getState().load())];
  store.setState({ dispose: () => offs.forEach((off) => off()) });
  return store;
}

export type RulesStore = ReturnType<typeof createRulesStore>;
