// Accessibility checks shared by the a11y end-to-end tests: axe-core with the WCAG 2.2 A and AA
// rules, a summary per screen (counts by impact and the rule ids), and the focus indicator of the
// focused element.
import axe from 'axe-core';
import type { BrowserContext, Frame, Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The WCAG rules of WCAG_TAGS that read colours (axe's cat.color: color-contrast and
 * link-in-text-block): the only ones a colour theme can change (see THEME_ONLY_COLOURS).
 */
export const COLOUR_RULES = axe.getRules(['cat.color']).filter((r) => r.tags.some((t) => WCAG_TAGS.includes(t))).map((r) => r.ruleId);

/**
 * Every declaration of the stylesheets' `prefers-color-scheme` blocks whose value is no colour
 * (empty when a theme changes colours only). Script text: it runs in the page.
 */
export const THEME_ONLY_COLOURS = `(() => {
  const found = [];
  const walk = (rules, themed) => {
    for (const rule of rules) {
      const inTheme = themed || (rule instanceof CSSMediaRule && rule.conditionText.includes('prefers-color-scheme'));
      if (rule.cssRules) walk(rule.cssRules, inTheme);
      if (inTheme && rule.style) {
        for (const name of rule.style) {
          const value = rule.style.getPropertyValue(name).trim();
          // The build's switch for light-dark() colour values (lightningcss writes it for color-scheme).
          if (name === '--lightningcss-light' || name === '--lightningcss-dark') continue;
          if (!CSS.supports('color', value)) found.push(rule.selectorText + ' { ' + name + ': ' + value + ' }');
        }
      }
    }
  };
  for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
  return found;
})()`;

/**
 * axe-core run as @axe-core/playwright runs it (axe.runPartial in every frame, the sandboxed
 * description preview too, then axe.finishRun in a blank page of the same browser), minus its
 * per-call costs: the binding evaluates axe's 600 kB source in every frame and opens (and closes)
 * a new blank page on every call, about 90 % of a call's time on a busy machine (8 s against
 * 0.8 s for the run itself). Here each frame gets the source once (it stays until the frame
 * navigates) and one blank page per browser context finishes every run.
 */
/** `exclude`: parts left out, such as a sandboxed frame without scripts, where axe cannot run. */
export async function runAxe(page: Page, options: { include?: string[]; exclude?: string[]; rules?: string[] } = {}): Promise<axe.AxeResults> {
  // resultTypes: every caller reads the violations only. finishRun still merges every frame's
  // whole result and runs every rule's after-step on it; it then keeps each violation's every node
  // and one node of each pass, incomplete and inapplicable rule (axe's documented option for "only
  // interested in certain types of results"): no violation changes, and the answer shrinks.
  const runOptions: axe.RunOptions = { runOnly: options.rules ? { type: 'rule', values: options.rules } : { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };
  const context = { include: options.include ?? [], exclude: options.exclude ?? [] };
  const partials = await framePartials(page.mainFrame(), context, runOptions, true);
  const finisher = await finishingPage(page);
  // The partial results (some 0.4-0.7 MB a screen) go in as one JSON string, parsed by JSON.parse,
  // and the report comes back as one: written into the script's source they were parsed as
  // JavaScript, and a returned object crossed the protocol value by value.
  const report = await finisher.evaluate(
    ([json, finishOptions]) => (globalThis as unknown as { axe: typeof axe }).axe.finishRun(JSON.parse(json) as axe.PartialResults, finishOptions).then((done) => JSON.stringify(done)),
    [`[${partials.join(',')}]`, runOptions] as const,
  );
  return JSON.parse(report) as axe.AxeResults;
}

const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`;

/** axe's source in a frame unless it is there already; a child frame (and the blank page) configured as the binding does. */
async function injectOnce(frame: Frame, configure: boolean): Promise<void> {
  if (await frame.evaluate<boolean>('typeof window.axe?.runPartial === "function"')) return;
  await frame.evaluate(axe.source);
  if (configure) await frame.evaluate(CONFIGURE);
}

/**
 * The frame's partial result followed by its child frames' (in axe's frame order), a child that
 * fails as null: the binding's AxePartialRunner. The top frame's failure is the run's. Each comes
 * as its JSON text (one string over the protocol, not an object crossed value by value).
 */
async function framePartials(frame: Frame, context: unknown, runOptions: axe.RunOptions, top: boolean): Promise<string[]> {
  await injectOnce(frame, !top);
  const frameContexts = await frame.evaluate<Array<{ frameSelector: unknown; frameContext: unknown }>>(`axe.utils.getFrameContexts(${JSON.stringify(context)})`);
  const own = frame.evaluate<string>(`axe.runPartial(${JSON.stringify(context)}, ${JSON.stringify(runOptions)}).then((partial) => JSON.stringify(partial))`);
  own.catch(() => {});
  const children: string[][] = [];
  for (const { frameSelector, frameContext } of frameContexts) {
    children.push(await frame.evaluateHandle(`axe.utils.shadowSelect(${JSON.stringify(frameSelector)})`)
      .then((handle) => handle.asElement()?.contentFrame() ?? null)
      .then((childFrame) => (childFrame ? framePartials(childFrame, frameContext, runOptions, false) : ['null']))
      .catch(() => ['null']));
  }
  try {
    return [await own, ...children.flat(1)];
  } catch (error) {
    if (top) throw error;
    return ['null'];
  }
}

const finishers = new WeakMap<BrowserContext, Page>();

/**
 * A blank page of the page's context with axe in it, made once (the binding made one per call).
 * A new page is the window's front tab: the page under test went to the back, and from its next
 * input event on Chromium gave it one frame a second, so every later click (Playwright waits two
 * frames to see the element stable) and every wait for a frame took about 2 s. The page under
 * test is brought back to the front; the blank one needs no frames (finishRun is a script).
 */
async function finishingPage(page: Page): Promise<Page> {
  const context = page.context();
  const known = finishers.get(context);
  if (known && !known.isClosed()) return known;
  const blank = await context.newPage();
  await page.bringToFront();
  await injectOnce(blank.mainFrame(), true);
  finishers.set(context, blank);
  return blank;
}

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';

export interface AxeSummary {
  screen: string;
  lang: string;
  counts: Record<Impact, number>;
  /** Rule id → impact and how many nodes, with the first few targets. */
  rules: Array<{ id: string; impact: Impact; nodes: number; targets: string[]; help: string }>;
}

/**
 * Runs axe on the page as it is (every open dialog included) and sums its violations up: every
 * WCAG rule, or `only` these.
 */
export async function axeScreen(page: Page, screen: string, lang: string, only?: string[]): Promise<AxeSummary> {
  const results = await runAxe(page, only ? { rules: only } : {});
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
