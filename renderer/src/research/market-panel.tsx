// The Market panel (issue 39): a draft's research as a seller reads it. What sold like it (title,
// final price, bids, sold or not, when, condition), the figures (sold, sell-through, median, the
// middle half), a suggested price per sale method with its reason in one sentence and a button to
// use it, the likeliest categories, and plainly "too few" when there is no figure to give. Its
// age is always said; offline, or with the budget spent, the last results with their date.
import { useStore } from 'zustand';
import './research.css';
import type { Condition } from '../../../shared/items/item-fields.ts';
import type { ResearchResult } from '../../../shared/ipc/contract.ts';
import type { Category } from '../categories/categories.ts';
import { categoryPath } from '../categories/categories.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import { describeError } from '../i18n/describe-error.ts';
import { BusyButton } from '../a11y/busy-button.tsx';
import type { ResearchStore } from './research-store.ts';

export interface MarketPanelProps {
  store: ResearchStore;
  localId: number;
  categories: readonly Category[];
  /** Uses a suggested price (absent: the draft cannot be edited). */
  onUsePrice?(saleMethod: 'buy-now' | 'auction', price: number): void;
  onUseCategory?(categoryId: number): void;
  /** Unsaved changes of the title, category or condition: research the saved draft, say so. */
  unsaved?: boolean;
}

export function MarketPanel({ store, localId, categories, onUsePrice, onUseCategory, unsaved }: MarketPanelProps) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const s = useStore(store);
  const result = s.localId === localId ? s.result : null;
  const category = (id: number | null) => (id === null ? '' : (categoryPath(categories, id) ?? t('research.category.unknown', { id })));
  return (
    <section className="market-panel" aria-labelledby="market-title">
      <header className="market-head">
        <h3 id="market-title">{t('research.title')}</h3>
        <span className="spacer" />
        <BusyButton type="button" busy={s.busy && s.localId === localId} onClick={() => void store.actions.research(localId, result !== null && !result.stale)}
          aria-keyshortcuts="Alt+M" title={t('research.button.hint')}>
          {result && !result.stale ? t('research.refresh') : t('research.button')}
        </BusyButton>
      </header>
      {unsaved && <p className="hint">{t('research.unsaved')}</p>}
      {s.error && s.localId === localId && <p className="notice error" role="alert">{say(describeError(s.error))}</p>}
      {result === null && !s.busy && <p className="muted">{t('research.none')}</p>}
      {result && <ResearchView result={result} category={category} onUsePrice={onUsePrice} onUseCategory={onUseCategory} format={format} />}
    </section>
  );
}

function Age({ result }: { result: ResearchResult }) {
  const t = useT();
  const format = useFormatter();
  if (result.fetchedAt === null) return null;
  const when = format.relative(result.fetchedAt);
  const line = result.requests > 0 ? t('research.age.asked', { when, count: result.requests }) : t('research.age.kept', { when, date: format.dateTime(result.fetchedAt) });
  return <p className="muted market-age">{line}</p>;
}

function ResearchView({ result, category, onUsePrice, onUseCategory, format }: {
  result: ResearchResult;
  category(id: number | null): string;
  onUsePrice: MarketPanelProps['onUsePrice'];
  onUseCategory: MarketPanelProps['onUseCategory'];
  format: ReturnType<typeof useFormatter>;
}) {
  const t = useT();
  const { stats } = result;
  const conditionWord = (c: Condition | null) => (c === null ? t('research.condition.unknown') : t(`option.condition.${c}`));
  return (
    <div className="market-body" role="region" aria-live="polite" aria-label={t('research.results')}>
      <Age result={result} />
      {result.stale && <p className="notice info" role="status">{t('research.stale')}</p>}
      {result.unavailable && <p className="notice info" role="status">{t(`research.unavailable.${result.unavailable}`)}</p>}
      {result.fetchedAt === null ? null : result.tooFew ? (
        <p className="notice warn" role="status">{t('research.tooFew', { sold: stats.sold })}</p>
      ) : (
        <>
          <dl className="market-figures">
            <div><dt>{t('research.sold')}</dt><dd>{t('research.soldOf', { sold: stats.sold, closed: stats.closed, days: stats.days })}</dd></div>
            <div><dt>{t('research.sellThrough')}</dt><dd>{stats.sellThrough === null ? '—' : format.percent(stats.sellThrough, 0)}</dd></div>
            <div><dt>{t('research.median')}</dt><dd>{stats.median === null ? '—' : format.money(stats.median)}</dd></div>
            <div><dt>{t('research.spread')}</dt><dd>{stats.low === null || stats.high === null ? '—' : t('research.between', { low: format.money(stats.low), high: format.money(stats.high) })}</dd></div>
            <div><dt>{t('research.basis')}</dt><dd>{stats.basis === 'same-condition' && result.condition ? t('research.basis.same', { condition: conditionWord(result.condition) }) : t('research.basis.any')}</dd></div>
          </dl>
          <ul className="market-suggestions" aria-label={t('research.suggestions')}>
            {result.suggestions.map((s) => (
              <li key={s.saleMethod}>
                <strong>{t(`research.suggest.${s.saleMethod}`, { price: format.money(s.price) })}</strong>{' '}
                <span>{t(`research.reason.${s.saleMethod}`, { sold: s.reason.sold, days: s.reason.days, low: format.money(s.reason.low), high: format.money(s.reason.high), price: format.money(s.price) })}</span>{' '}
                {onUsePrice && <button type="button" onClick={() => onUsePrice(s.saleMethod, s.price)}>{t(`research.use.${s.saleMethod}`)}</button>}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.categories.length > 0 && (
        <div className="market-categories">
          <h4>{t('research.categories')}</h4>
          <ul>
            {result.categories.map((c) => (
              <li key={c.categoryId}>
                {category(c.categoryId)} <span className="muted">{format.percent(c.share, 0)}</span>{' '}
                {onUseCategory && <button type="button" onClick={() => onUseCategory(c.categoryId)}>{t('research.category.take')}</button>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.comparables.length > 0 && (
        // Scrolls on its own: reachable by Tab and named, so a keyboard can scroll it.
        <div className="market-scroll" tabIndex={0} role="region" aria-label={t('research.comparables', { count: result.comparables.length })}>
          <table className="market-table">
            <caption>{t('research.comparables', { count: result.comparables.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('research.col.title')}</th>
                <th scope="col">{t('research.col.price')}</th>
                <th scope="col">{t('research.col.bids')}</th>
                <th scope="col">{t('research.col.sold')}</th>
                <th scope="col">{t('research.col.when')}</th>
                <th scope="col">{t('research.col.condition')}</th>
              </tr>
            </thead>
            <tbody>
              {result.comparables.map((c) => (
                <tr key={c.id}>
                  <td>{c.title}</td>
                  <td className="right">{format.money(c.price)}</td>
                  <td className="right">{c.bids}</td>
                  <td>{c.sold ? t('research.sold.yes') : t('research.sold.no')}</td>
                  <td>{c.closedAt === null ? '—' : format.date(c.closedAt)}</td>
                  <td>{conditionWord(c.condition)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * The likeliest categories for the title being typed, as buttons under it: one click, or
 * Alt+Shift+1…3 from anywhere in the editor, takes one.
 */
export function CategoryChips({ store, categories, current, onTake }: { store: ResearchStore; categories: readonly Category[]; current: number | null; onTake(categoryId: number): void }) {
  const t = useT();
  const format = useFormatter();
  const suggestions = useStore(store, (s) => s.suggestions);
  const items = (suggestions?.items ?? []).filter((c) => c.categoryId !== current);
  if (items.length === 0) return null;
  return (
    <div className="category-chips" role="group" aria-label={t('research.chips')}>
      <span className="muted">{t('research.chips')}</span>
      {items.map((c, i) => (
        <button key={c.categoryId} type="button" className="chip" aria-keyshortcuts={`Alt+Shift+${i + 1}`} onClick={() => onTake(c.categoryId)}
          title={t('research.chip.hint', { key: `Alt+Shift+${i + 1}` })}>
          {categoryPath(categories, c.categoryId) ?? c.categoryId} <span className="muted">{format.percent(c.share, 0)}</span>
        </button>
      ))}
    </div>
  );
}
