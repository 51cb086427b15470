// The Rules screen's state: the offer and relist rules, the switch that pauses all, saved groups
// with their live counts, what a new offer rule would do (shown before it is saved), and the log
// (filtered, exported as CSV). DOM-free: tested under Node through the in-memory bridge.
import { createStore } from 'zustand/vanilla';
import type { IpcInput, IpcOutput } from '../../../shared/ipc.ts';
import type { OfferRule, OfferRuleInput, OfferVerdict, RelistRule, RelistRuleInput, RuleLogEntry } from '../../../shared/ipc-rules.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { callSequence, messageOf, reloadOnChanges } from '../navigation/live-store.ts';

export type SavedGroupRow = IpcOutput<'groups.list'>[number];
export type LogFilter = { ruleKind?: 'offer' | 'relist' | 'schedule'; text?: string };

export interface RulesState {
  loaded: boolean;
  offerRules: OfferRule[];
  relistRules: RelistRule[];
  paused: boolean;
  groups: SavedGroupRow[];
  log: RuleLogEntry[];
  logTotal: number;
  filter: LogFilter;
  /** A new offer rule and what it would do now: saved only after this is shown. */
  preview: { rule: OfferRuleInput; verdicts: OfferVerdict[] } | null;
  notice: { kind: 'info' | 'error'; text: Msg | string } | null;
  load(): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
  previewOfferRule(rule: OfferRuleInput): Promise<void>;
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
      loaded: false, offerRules: [], relistRules: [], paused: false, groups: [], log: [], logTotal: 0, filter: {}, preview: null, notice: null,
      async load() {
        const isNewest = next();
        try {
          const [rules, groups, log] = await Promise.all([
            call(bridge, 'rules.list', {}),
            call(bridge, 'groups.list', {}),
            call(bridge, 'rules.log', { ...get().filter, limit: 200 }),
          ]);
          if (!isNewest()) return;
          set({ loaded: true, offerRules: rules.offerRules, relistRules: rules.relistRules, paused: rules.paused, groups, log: log.entries, logTotal: log.total });
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
      async previewOfferRule(rule) {
        try {
          const { verdicts } = await call(bridge, 'rules.previewOfferRule', rule);
          set({ preview: { rule, verdicts }, notice: null });
        } catch (error) {
          failed(error);
        }
      },
      async confirmOfferRule() {
        const preview = get().preview;
        if (!preview) return;
        try {
          const { queued } = await call(bridge, 'rules.saveOfferRule', preview.rule);
          set({ preview: null, notice: { kind: 'info', text: msg('rules.offer.saved', { count: queued }) } });
          await get().load();
        } catch (error) {
          failed(error);
        }
      },
      cancelPreview: () => set({ preview: null }),
      async deleteOfferRule(id) {
        await call(bridge, 'rules.deleteOfferRule', { id }).catch(failed);
        await get().load();
      },
      async saveRelistRule(rule) {
        try {
          await call(bridge, 'rules.saveRelistRule', rule);
          set({ notice: { kind: 'info', text: msg('rules.relist.saved') } });
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
          const { csv } = await call(bridge, 'rules.exportLog', { locale });
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
