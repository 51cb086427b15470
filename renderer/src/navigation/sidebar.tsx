// The screens' sidebar: a list of buttons, ↑/↓ (and Home/End) move between them, Enter or a
// click opens one; Alt+1…6 open a screen from anywhere.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../i18n/intl.ts';
import type { MessageId } from '../i18n/messages.ts';

export type Screen = 'drafts' | 'questions' | 'offers' | 'sales' | 'sync' | 'accounts' | 'rules';

export const SCREENS: Array<{ id: Screen; label: MessageId }> = [
  { id: 'drafts', label: 'nav.drafts' },
  { id: 'questions', label: 'nav.questions' },
  { id: 'offers', label: 'nav.offers' },
  { id: 'sales', label: 'nav.sales' },
  { id: 'sync', label: 'nav.sync' },
  { id: 'accounts', label: 'nav.accounts' },
  { id: 'rules', label: 'nav.rules' },
];

export function Sidebar({ current, onOpen, badges, children }: { current: Screen; onOpen: (screen: Screen) => void; badges: Partial<Record<Screen, number>>; children?: ReactNode }) {
  const t = useT();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const screen = SCREENS[Number(e.key) - 1];
      if (screen) {
        e.preventDefault();
        onOpen(screen.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onOpen]);

  const move = (e: KeyboardEvent, index: number) => {
    const next = e.key === 'ArrowDown' ? index + 1 : e.key === 'ArrowUp' ? index - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? SCREENS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    refs.current[(next + SCREENS.length) % SCREENS.length]?.focus();
  };

  return (
    <nav className="sidebar" aria-label={t('nav.screens')}>
      <ul>
        {SCREENS.map((s, i) => (
          <li key={s.id}>
            <button
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              className={current === s.id ? 'active' : ''}
              aria-current={current === s.id ? 'page' : undefined}
              aria-keyshortcuts={`Alt+${i + 1}`}
              onClick={() => onOpen(s.id)}
              onKeyDown={(e) => move(e, i)}
            >
              <span>{t(s.label)}</span>
              {badges[s.id] ? <span className="pill">{badges[s.id]}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {children}
    </nav>
  );
}
