// Accessibility checks shared by the a11y end-to-end tests: axe-core (through its Playwright
// binding, which takes playwright-core's Page) with the WCAG 2.2 A and AA rules, a summary per
// screen (counts by impact and the rule ids), and the focus indicator of the focused element.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';

export interface AxeSummary {
  screen: string;
  lang: string;
  counts: Record<Impact, number>;
  /** Rule id → impact and how many nodes, with the first few targets. */
  rules: Array<{ id: string; impact: Impact; nodes: number; targets: string[]; help: string }>;
}

/** Runs axe on the page as it is (every open dialog included) and sums its violations up. */
export async function axeScreen(page: Page, screen: string, lang: string): Promise<AxeSummary> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  const rules = results.violations.map((v) => {
    const impact = (v.impact ?? 'minor') as Impact;
    counts[impact] += v.nodes.length;
    return { id: v.id, impact, nodes: v.nodes.length, targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')), help: v.help };
  });
  return { screen, lang, counts, rules };
}

/** One line per screen: "fi drafts: critical 0, serious 2 (color-contrast), moderate 1 (region)". */
export function summaryLine(s: AxeSummary): string {
  const part = (impact: Impact) => {
    const ids = s.rules.filter((r) => r.impact === impact).map((r) => `${r.id}×${r.nodes}`);
    return `${impact} ${s.counts[impact]}${ids.length ? ` (${ids.join(', ')})` : ''}`;
  };
  return `${s.lang} ${s.screen}: ${(['critical', 'serious', 'moderate', 'minor'] as const).map(part).join(', ')}`;
}

/**
 * The focused element and whether it shows a focus indicator: an outline of at least 2 px that
 * is not `none`, or a box shadow (the grid's row marker and cells draw theirs so).
 */
export async function focusIndicator(page: Page): Promise<{ tag: string; name: string; visible: boolean; style: string }> {
  // Script text: the tests are typed for Node; this runs in the page.
  return page.evaluate<{ tag: string; name: string; visible: boolean; style: string }>(`(() => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return { tag: 'body', name: '', visible: false, style: 'nothing focused' };
    // A visually hidden control (a file input inside its label) shows its focus on the label.
    const box = el.getBoundingClientRect();
    const shown = box.width <= 2 && box.height <= 2 && el.parentElement ? el.parentElement : el;
    const cs = getComputedStyle(shown);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
    const shadow = cs.boxShadow !== 'none';
    // A focused grid keeps the focus on its scroller; the focused cell draws the ring.
    const cell = el.querySelector('.cell-focus');
    const cellRing = cell ? getComputedStyle(cell).outlineStyle !== 'none' : false;
    const name = el.getAttribute('aria-label') || (el.textContent || '').trim().slice(0, 40);
    return { tag: el.tagName.toLowerCase() + (el.id ? '#' + el.id : ''), name, visible: outline || shadow || cellRing,
      style: 'outline ' + cs.outlineStyle + ' ' + cs.outlineWidth + ' ' + cs.outlineColor + '; shadow ' + cs.boxShadow };
  })()`);
}

const CONTROL_ROLES = 'button|checkbox|combobox|textbox|searchbox|link|menuitem|radio|slider|spinbutton|switch|tab|listbox|option';
const UNNAMED = new RegExp(`^\\s*- (${CONTROL_ROLES})(?=$|[ :\\[])(?! ")`);

/**
 * The controls of the page (or its open modal dialog: the rest is inert) that a screen reader
 * reads without a name, from Playwright's aria snapshot of the accessibility tree.
 */
export async function unnamedControls(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  return snapshot.split('\n').filter((line) => UNNAMED.test(line)).map((line) => line.trim());
}

/**
 * Every visible control of the page's top layer (the open modal dialog, else the page) scrolled
 * into view one by one: the ones that cannot be brought wholly into the viewport (cut off by a
 * container that does not scroll) and the ones another element covers at their centre.
 */
export async function unreachableControls(page: Page): Promise<string[]> {
  // Script text: the tests are typed for Node; this runs in the page.
  return page.evaluate<string[]>(`(() => {
    const dialogs = [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal'));
    const root = dialogs.at(-1) || document.body;
    const selector = 'button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), a[href], summary, [tabindex="0"]';
    const problems = [];
    const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().slice(0, 40);
    for (let el of root.querySelectorAll(selector)) {
      if (el.closest('[inert], details:not([open]) > :not(summary)')) continue;
      let box = el.getBoundingClientRect();
      // A visually hidden input (a file input) is reached through its label.
      if (box.width <= 2 && box.height <= 2 && el.closest('label')) el = el.closest('label');
      if (el.getClientRects().length === 0) continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      box = el.getBoundingClientRect();
      const w = innerWidth, h = innerHeight;
      // A row wider than the window (a table row at 200 %) scrolls sideways: its own controls are checked one by one.
      const larger = box.width > w * 0.75 || box.height > h * 0.75;
      if (!larger && (box.left < -1 || box.top < -1 || box.right > w + 1 || box.bottom > h + 1)) {
        problems.push('cut off: ' + el.tagName.toLowerCase() + ' "' + name(el) + '" at ' + [box.left, box.top, box.right, box.bottom].map(Math.round).join(','));
        continue;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit && hit !== el && !el.contains(hit) && !hit.contains(el) && !(hit.closest('label') && hit.closest('label').contains(el))) {
        problems.push('covered: ' + el.tagName.toLowerCase() + ' "' + name(el) + '" by ' + hit.tagName.toLowerCase() + '.' + String(hit.className).split(' ')[0]);
      }
    }
    return problems;
  })()`);
}
