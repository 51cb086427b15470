// A rule said in one line, as the Rules screen lists it and the template editor shows a
// template's own: "Kauppa: hyväksy alkaen 90 %, hylkää alle 50 %", "…: enintään 3 kertaa, 10 % alas…".
import type { OfferRule, RelistRule } from '../../../shared/ipc-rules.ts';
import { useFormatter, useT } from '../i18n/intl.ts';

export function useRuleSummaries() {
  const t = useT();
  const format = useFormatter();
  const offerAmount = (percent: number | null, amount: number | null) => (percent !== null ? `${percent} %` : amount !== null ? `${amount} €` : t('rules.offer.none'));
  const step = (r: RelistRule) => (r.stepAmount !== null ? format.money(r.stepAmount) : `${format.number(r.stepPercent ?? 0, 1)} %`);
  return {
    offer: (r: OfferRule, scope: string) => t('rules.offer.summary', { scope, accept: offerAmount(r.acceptPercent, r.acceptAmount), refuse: offerAmount(r.refusePercent, r.refuseAmount) }),
    relist: (r: RelistRule, scope: string) =>
      t('rules.relist.summary', { scope, times: r.maxTimes, step: step(r), floor: r.floorPrice ?? '–', hour: r.hour === null ? '–' : `${r.hour}:00` }),
  };
}
