// A period's name on the Sales screen: its day, "week of 24.11.2026", "marraskuu 2026"; the short
// form for a plot's axis. Dates through the formatter; month names and the axis's day-and-month
// (which the formatter does not write) through react-intl's own Intl, in the same language.
import { useIntl } from 'react-intl';
import { useFormatter, useT } from '../i18n/intl.ts';
import type { Period } from './sold-table.ts';

export function useShortDay(): (time: number | string) => string {
  const intl = useIntl();
  return (time) => intl.formatDate(typeof time === 'string' ? new Date(`${time}T00:00`) : time, { day: 'numeric', month: 'short' });
}

export function usePeriodLabel(period: Period): (start: number, short?: boolean) => string {
  const t = useT();
  const intl = useIntl();
  const format = useFormatter();
  const shortDay = useShortDay();
  return (start, short = false) => {
    if (period === 'month') return intl.formatDate(start, short ? { month: 'short', year: '2-digit' } : { month: 'long', year: 'numeric' });
    if (short) return shortDay(start);
    return period === 'week' ? t('sales.periodLabel.week', { date: format.date(start) }) : format.date(start);
  };
}
