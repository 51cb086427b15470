// The Rules screen: what runs where (said plainly), the switch that pauses all, the shop's offer
// rule with a preview of what it would do before it is saved, relisting, saved groups with their
// live counts, and the log of every decision (filtered, exported as CSV).
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { OfferRule, RelistRule } from '../../../shared/ipc/rules.ts';
import { download } from '../drafts/file-transfer.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { OfferRuleForm } from './offer-rule-form.tsx';
import { readNumber } from './rule-form-parts.tsx';
import { RelistRuleForm } from './relist-rule-form.tsx';
import { useLogDetail } from './log-detail.ts';
import type { RulesStore, SavedGroupRow } from './rules-store.ts';
import { useRuleSummaries } from './rule-summaries.ts';
import type { ScopeTarget } from './scope-field.tsx';
import './rules.css';

export function RulesScreen({ store }: { store: RulesStore }) {
  const t = useT();
  const say = useMessage();
  const s = useStore(store);
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  const groupName = (id: number) => s.groups.find((g) => g.id === id)?.name ?? String(id);
  const templateName = (id: number) => s.templates.find((tpl) => tpl.id === id)?.name ?? String(id);
  const scopeText = (r: ScopeTarget) => {
    switch (r.scope) {
      case 'shop': return t('rules.scope.shop');
      case 'group': return t('rules.scope.group', { name: groupName(r.scopeId) });
      case 'template': return t('rules.scope.template', { name: templateName(r.scopeId) });
      case 'item': return t('rules.scope.itemTitle', { title: s.itemTitles[r.scopeId] ?? `#${r.scopeId}` });
      default: {
        const never: never = r.scope;
        return String(never);
      }
    }
  };

  return (
    <section className="rules-screen" aria-labelledby="rules-screen-title">
      <h2 id="rules-screen-title">{t('rulesScreen.title')}</h2>
      {s.notice && <div className={`notice ${s.notice.kind}`} role={s.notice.kind === 'error' ? 'alert' : 'status'}>{typeof s.notice.text === 'string' ? s.notice.text : say(s.notice.text)}</div>}
      <div className="rules-where" role="note" aria-labelledby="rules-where-title">
        <h3 id="rules-where-title">{t('rules.where.title')}</h3>
        <p>{t('rules.where.app')}</p>
        <p>{t('rules.where.market')}</p>
      </div>
      <label className="rules-pause">
        <input type="checkbox" checked={s.paused} onChange={(e) => void store.getState().setPaused(e.target.checked)} />
        {t('rules.paused')}
      </label>
      <OfferRuleForm store={store} scopeText={scopeText} shop />
      <OfferRuleForm store={store} scopeText={scopeText} />
      <RuleLists offerRules={s.offerRules} relistRules={s.relistRules} scopeText={scopeText} store={store} />
      <RelistRuleForm store={store} scopeText={scopeText} />
      <GroupsSection store={store} groups={s.groups} />
      <LogSection store={store} />
    </section>
  );
}

function RuleLists({ offerRules, relistRules, scopeText, store }: { offerRules: OfferRule[]; relistRules: RelistRule[]; scopeText: (r: OfferRule | RelistRule) => string; store: RulesStore }) {
  const t = useT();
  const summary = useRuleSummaries();
  return (
    <div className="rules-card">
      <h3>{t('rules.offer.list')}</h3>
      <ul className="rules-list">
        {offerRules.map((r) => (
          <li key={r.id}>
            {summary.offer(r, scopeText(r))}
            {!r.enabled && <span className="pill">{t('rules.off')}</span>}
            <button type="button" aria-label={t('rules.editRule', { scope: scopeText(r) })} onClick={() => store.getState().edit({ kind: 'offer', rule: r })}>{t('rules.edit')}</button>
            <button type="button" aria-label={t('rules.deleteRule', { scope: scopeText(r) })} onClick={() => void store.getState().deleteOfferRule(r.id)}>{t('rules.delete')}</button>
          </li>
        ))}
      </ul>
      <h3>{t('rules.relist.list')}</h3>
      <ul className="rules-list">
        {relistRules.map((r) => (
          <li key={r.id}>
            {summary.relist(r, scopeText(r))}
            {!r.enabled && <span className="pill">{t('rules.off')}</span>}
            <button type="button" aria-label={t('rules.editRelistRule', { scope: scopeText(r) })} onClick={() => store.getState().edit({ kind: 'relist', rule: r })}>{t('rules.edit')}</button>
            <button type="button" aria-label={t('rules.deleteRelistRule', { scope: scopeText(r) })} onClick={() => void store.getState().deleteRelistRule(r.id)}>{t('rules.delete')}</button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function GroupsSection({ store, groups }: { store: RulesStore; groups: SavedGroupRow[] }) {
  const t = useT();
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
  const [noBids, setNoBids] = useState(false);
  const [noPhotos, setNoPhotos] = useState(false);
  const [ending, setEnding] = useState('');
  const [priceMax, setPriceMax] = useState('');
  const [sku, setSku] = useState('');
  const [note, setNote] = useState('');
  const num = (text: string) => {
    const read = readNumber(text);
    return read.ok ? read.value : null;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = {
      ...(status ? { status: [status] } : {}), ...(noBids ? { noBids } : {}), ...(noPhotos ? { noPhotos } : {}),
      ...(num(ending) !== null ? { endingWithinHours: num(ending) as number } : {}), ...(num(priceMax) !== null ? { priceMax: num(priceMax) as number } : {}),
      ...(sku ? { skuPrefix: sku } : {}), ...(note ? { noteText: note } : {}),
    };
    void store.getState().saveGroup(name, query).then(() => setName(''));
  };
  return (
    <form className="rules-card" onSubmit={submit} aria-labelledby="groups-title">
      <h3 id="groups-title">{t('rules.groups.title')}</h3>
      {groups.length === 0 ? <p>{t('rules.groups.empty')}</p> : (
        <ul className="rules-list">
          {groups.map((g) => (
            <li key={g.id}>
              <span>{g.name}</span> <span className="pill">{t('rules.groups.count', { count: g.count })}</span>
              <button type="button" onClick={() => void store.getState().deleteGroup(g.id)}>{t('rules.delete')}</button>
            </li>
          ))}
        </ul>
      )}
      <label>{t('rules.groups.name')}<input value={name} required onChange={(e) => setName(e.target.value)} /></label>
      <label>{t('rules.groups.status')}
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t('rules.groups.status.any')}</option>
          {(['draft', 'published', 'waiting', 'closed'] as const).map((v) => <option key={v} value={v}>{t(`grid.status.${v}`)}</option>)}
        </select>
      </label>
      <label><input type="checkbox" checked={noBids} onChange={(e) => setNoBids(e.target.checked)} />{t('rules.groups.noBids')}</label>
      <label><input type="checkbox" checked={noPhotos} onChange={(e) => setNoPhotos(e.target.checked)} />{t('rules.groups.noPhotos')}</label>
      <label>{t('rules.groups.endingWithin')}<input inputMode="numeric" value={ending} onChange={(e) => setEnding(e.target.value)} /></label>
      <label>{t('rules.groups.priceMax')}<input inputMode="decimal" value={priceMax} onChange={(e) => setPriceMax(e.target.value)} /></label>
      <label>{t('rules.groups.skuPrefix')}<input value={sku} onChange={(e) => setSku(e.target.value)} /></label>
      <label>{t('rules.groups.noteText')}<input value={note} onChange={(e) => setNote(e.target.value)} /></label>
      <button type="submit">{t('rules.groups.save')}</button>
    </form>
  );
}

function LogSection({ store }: { store: RulesStore }) {
  const t = useT();
  const f = useFormatter();
  const { log, logTotal, filter } = useStore(store);
  const locale = useStore(localeStore, (s) => s.locale);
  const detail = useLogDetail(locale === 'fi' ? 'fi' : 'en');
  return (
    <div className="rules-card rules-log" aria-labelledby="rules-log-title">
      <h3 id="rules-log-title">{t('rules.log.title')} <span className="pill">{t('rules.log.total', { count: logTotal })}</span></h3>
      <div className="rules-log-filters">
        <label>{t('rules.log.kind')}
          <select value={filter.ruleKind ?? ''} onChange={(e) => void store.getState().setFilter({ ...filter, ruleKind: (e.target.value || undefined) as 'offer' | 'relist' | 'schedule' | undefined })}>
            <option value="">{t('rules.log.kind.any')}</option>
            <option value="offer">{t('rules.log.kind.offer')}</option>
            <option value="relist">{t('rules.log.kind.relist')}</option>
            <option value="schedule">{t('rules.log.kind.schedule')}</option>
          </select>
        </label>
        <label>{t('rules.log.search')}<input type="search" value={filter.text ?? ''} onChange={(e) => void store.getState().setFilter({ ...filter, text: e.target.value || undefined })} /></label>
        <button type="button" onClick={() => void store.getState().exportLog(locale === 'fi' ? 'fi' : 'en').then((file) => file && download(file.fileName, new Blob([file.text], { type: 'text/csv;charset=utf-8' })))}>{t('rules.log.export')}</button>
      </div>
      {log.length === 0 ? <p>{t('rules.log.empty')}</p> : (
        <table>
          <thead><tr><th>{t('rules.log.time')}</th><th>{t('rules.log.item')}</th><th>{t('rules.log.action')}</th><th>{t('rules.log.outcome')}</th><th>{t('rules.log.detail')}</th></tr></thead>
          <tbody>
            {log.map((e) => (
              <tr key={e.id}>
                <td>{f.dateTime(e.at)}</td>
                <td>{e.title ?? e.itemRemoteId ?? e.itemLocalId ?? ''}</td>
                <td>{t('rules.action', { action: e.action })}</td>
                <td>{t('rules.outcome', { outcome: e.outcome })}</td>
                <td className="rules-detail">{detail(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
