// A rule said in one line, every part of it, as the Rules screen lists it and the template editor
// shows a template's own: "Kauppa: hyväksy alkaen 90 %, hylkää alle 50 %, hiljaiset tunnit
// 23.00–07.00", "…: enintään 3 kertaa, 10 % alas, alaraja 50,00 €, kello 09.00". Amounts through
// the formatter, times as the app's time field writes them.
import { useStore } from 'zustand';
import type { OfferRule, RelistRule } from '../../../shared/ipc/rules.ts';
import { clockText } from '../a11y/time-field.tsx';
import { useFormatter, useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';

export function useRuleSummaries() {
  const t = useT();
  const format = useFormatter();
  const locale = useStore(localeStore, (s) => s.locale);
  const percent = (n: number) => `${format.number(n, n % 1 === 0 ? 0 : 1)} %`;
  const offerAmount = (p: number | null, amount: number | null) => (p !== null ? percent(p) : amount !== null ? format.money(amount) : t('rules.offer.none'));
  const quiet = (r: OfferRule) => (r.quietFrom === null || r.quietTo === null ? 'none' : `${clockText(r.quietFrom, locale)}–${clockText(r.quietTo, locale)}`);
  return {
    offer: (r: OfferRule, scope: string) =>
      t('rules.offer.summary', { scope, accept: offerAmount(r.acceptPercent, r.acceptAmount), refuse: offerAmount(r.refusePercent, r.refuseAmount), quiet: quiet(r) }),
    relist: (r: RelistRule, scope: string) =>
      t('rules.relist.summary', {
        scope, times: r.maxTimes, step: r.stepAmount !== null ? format.money(r.stepAmount) : percent(r.stepPercent ?? 0),
        floor: r.floorPrice === null ? '–' : format.money(r.floorPrice), hour: r.hour === null ? '–' : clockText(r.hour * 60, locale),
      }),
  };
}
