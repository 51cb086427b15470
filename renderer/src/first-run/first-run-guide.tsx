// The first-run guide: the five things a seller does first, as a panel at the top of the drafts
// screen (not a modal: the shop stays usable beside it). Hidden with its button (remembered),
// shown again by the header's Help button, which then moves the focus to the guide's heading;
// hiding it gives the focus to the Help button, never to the page.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useT } from '../i18n/intl.ts';
import type { MessageId } from '../i18n/messages.ts';
import { Rich } from '../i18n/rich.tsx';
import type { FirstRunStore } from './first-run-store.ts';
import './first-run.css';

export const GUIDE_BUTTON_ID = 'first-run-guide-button';
const STEPS: MessageId[] = ['guide.step.bring', 'guide.step.photos', 'guide.step.publish', 'guide.step.answer', 'guide.step.offers'];

export function FirstRunGuide({ store, sandbox }: { store: FirstRunStore; sandbox: boolean }) {
  const t = useT();
  const { open, focusRequest } = useStore(store);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open && focusRequest > 0) heading.current?.focus();
  }, [open, focusRequest]);
  if (!open) return null;
  const hide = () => {
    store.getState().dismiss();
    document.getElementById(GUIDE_BUTTON_ID)?.focus();
  };
  return (
    <section className="first-run-guide" aria-labelledby="first-run-guide-title">
      <div className="first-run-head">
        <h2 id="first-run-guide-title" ref={heading} tabIndex={-1}>{t('guide.title')}</h2>
        <button type="button" onClick={hide}>{t('guide.hide')}</button>
      </div>
      <p className="hint">{t('guide.intro')}{sandbox ? ` ${t('guide.sandbox')}` : ''}</p>
      <ol>
        {STEPS.map((id) => <li key={id}><Rich id={id} /></li>)}
      </ol>
      <p className="hint">{t('guide.again')}</p>
    </section>
  );
}

/** The header's Help button: shows the guide (on the drafts screen, which `onShow` opens). */
export function GuideButton({ store, onShow }: { store: FirstRunStore; onShow: () => void }) {
  const t = useT();
  const open = useStore(store, (s) => s.open);
  return (
    <button
      type="button"
      id={GUIDE_BUTTON_ID}
      aria-expanded={open}
      onClick={() => {
        onShow();
        store.getState().show();
      }}
    >
      {t('guide.button')}
    </button>
  );
}
