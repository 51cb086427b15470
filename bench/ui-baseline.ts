// bench:ui's baseline, measured in the same run, browser and load as the app's figures: a bare
// page (no framework, no core, no SQLite) served by a bare Node HTTP loop. It shows 50 rows of
// 100,000 titles and a search box; each keystroke fetches the count and first rows of the text
// typed so far (a substring scan of an array in the server). The app's first rows and keystrokes
// are reported as ratios to it: this machine's speed moves from day to day (the same commit's
// first rows measured 449 ms one day and 1,563 ms another), the ratio much less.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { frameFigures } from './ui-measures.ts';

const ROWS_SHOWN = 50;

const PAGE = `<!doctype html><meta charset="utf-8"><title>bare</title>
<input id="search" aria-label="Search"><p id="count"></p><div id="rows"></div>
<script>
  const rows = document.getElementById('rows');
  const count = document.getElementById('count');
  let asked = 0;
  async function show(text) {
    const mine = ++asked;
    const answer = await (await fetch('/rows?q=' + encodeURIComponent(text))).json();
    if (mine !== asked) return;
    count.textContent = answer.count + ' items';
    rows.replaceChildren(...answer.rows.map((title, i) => {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.textContent = (i + 1) + '. ' + title;
      return row;
    }));
    count.dataset.text = text;
    if (window.__firstRow === undefined) window.__firstRow = performance.now();
  }
  document.getElementById('search').addEventListener('input', (e) => show(e.target.value));
  show('');
</script>`;

/** The titles the bare server searches: as many as the app's drafts, words like theirs. */
function titles(count: number): string[] {
  const words = ['oak', 'chair', 'brass', 'lamp', 'table', 'vintage', 'glass', 'sku', 'teak', 'mirror'];
  return Array.from({ length: count }, (_, i) => `${words[i % 10]} ${words[(i * 7) % 10]} ${i} sku-${String(i % 10_000).padStart(4, '0')}`);
}

async function bareServer(count: number) {
  const all = titles(count);
  const lower = all.map((t) => t.toLowerCase());
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/rows') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const found: string[] = [];
      let matches = 0;
      for (let i = 0; i < lower.length; i++) {
        if (!(lower[i] as string).includes(q)) continue;
        if (found.length < ROWS_SHOWN) found.push(all[i] as string);
        matches++;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ count: matches, rows: found }));
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Navigation start to the first row in the DOM plus one frame, and each keystroke of `searches` to its rows. */
export async function bareBaseline(context: BrowserContext, drafts: number, searches: readonly string[]) {
  const server = await bareServer(drafts);
  const page = await context.newPage();
  try {
    await page.goto(server.url);
    await page.locator('#count[data-text=""]').waitFor();
    // As the app's figure: the first row in the DOM, plus one frame.
    const firstRowsMs = (await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(window.__firstRow)))')) as number;
    const keystrokes: number[] = [];
    for (const text of searches) {
      await page.locator('#search').fill('');
      await page.locator('#count[data-text=""]').waitFor();
      for (let i = 1; i <= text.length; i++) {
        const typed = text.slice(0, i);
        await page.evaluate(`(() => {
          window.__keystroke = new Promise((resolve) => {
            let start = null;
            document.addEventListener('keydown', (e) => { start = e.timeStamp; }, { capture: true, once: true });
            const count = document.getElementById('count');
            new MutationObserver((_, observer) => {
              if (start === null || count.dataset.text !== ${JSON.stringify(typed)}) return;
              observer.disconnect();
              resolve(performance.now() - start);
            }).observe(count, { attributes: true, childList: true, characterData: true, subtree: true });
          });
        })()`);
        await page.keyboard.type(text[i - 1] as string);
        keystrokes.push((await page.evaluate('window.__keystroke')) as number);
      }
    }
    const figures = frameFigures(keystrokes, 50);
    return {
      from: 'a bare page and a bare Node HTTP loop (an array scan): no framework, no core, no SQLite',
      firstRowsMs: Math.round(firstRowsMs), keystrokeP50Ms: figures.p50Ms, keystrokeP95Ms: figures.p95Ms, keystrokes: keystrokes.length,
    };
  } finally {
    await page.close();
    await server.close();
  }
}
