/**
 * Every screen of a long history, as a player opens them, in the BUILT renderer in Chromium with
 * the real services (bench/lib/page.ts). Shared by bench/large-ui.ts (40,000 quick-scored games)
 * and bench/large10y-ui.ts (ten years of play-by-play). Each step is timed from the click until
 * the screen shows its data (`open`: from loading the page, the app's start, until home shows
 * it): home its 12 recent sessions, History its first page (50 rows), Stats its table (or the
 * progress of the one-time work after an upgrade, which the app starts in the background at
 * launch, as here), a session its ledger, Settle up its sheet. A player reads each screen before
 * the next click: each step waits until the page is quiet (see `quiet`).
 * Prints, with the bench's prefix: `ui_<step>_ms` (goal under 200; on the page's clock, from the
 * click, or the navigation's start, to the frame showing the data), `ui_<step>_bench_ms` (the
 * same seen from the bench's process), `ui_<step>_main_ms` (the main process's services' part),
 * `ui_stats_figures_ms` (until Stats shows its figures, the one-time work included),
 * `ui_longest_task_ms` and `ui_long_tasks` (main-thread tasks over 50 ms).
 */
import { join } from 'node:path';
import type { Services } from '../../electron/main/services/dispatch';
import type { Store } from '../../electron/main/store/store';
import { openApp } from './page';
import { importShipped } from './shipped';

/** The services with each call's time in main added to `spent`. */
const timed = (services: Services, spent: { ms: number }): Services =>
  Object.fromEntries(
    Object.entries(services).map(([k, f]) => [
      k,
      async (input: unknown) => {
        const t = performance.now();
        try {
          return await (f as (i: unknown) => unknown)(input);
        } finally {
          spent.ms += performance.now() - t;
        }
      },
    ]),
  ) as unknown as Services;

// In the page (a script string: the bench is type-checked without DOM types): `__until(test)`
// resolves with the time of the first frame at which `test()` holds, checked at every frame with
// a plain query (Playwright's role locators walk the accessibility tree on each poll, which on a
// 500-row page cost the page more than drawing it). Every document stamps when home shows its 12
// sessions (`__opened`, from the start of its navigation). Long tasks are collected too.
const IN_PAGE = `window.__until = (test) => new Promise((ok) => { const check = () => (test() ? ok(performance.now()) : requestAnimationFrame(check)); check(); });
window.__count = (css, n) => () => document.querySelectorAll(css).length >= n;
window.__heading = (text) => () => [...document.querySelectorAll('h1, h2')].some((h) => (h.textContent ?? '').includes(text));
window.__until(window.__count('button.session', 12)).then((t) => (window.__opened = t));
window.__longTasks = []; window.__lastBusy = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__longTasks.push(e.duration); window.__lastBusy = e.startTime + e.duration; } }).observe({ type: 'longtask', buffered: true });`;

export const timeScreens = async (prefix: string, services: Services, opts: { ledgerGames: number }): Promise<void> => {
  const spent = { ms: 0 };
  const { page, close } = await openApp(timed(services, spent), IN_PAGE);
  try {
    const figures: [string, number][] = [];
    // The button's own words (a key hint may follow them: "History H").
    const button = (text: string) =>
      `[...document.querySelectorAll('button')].find((b) => (b.textContent.trim() + ' ').startsWith(${JSON.stringify(text + ' ')}))`;
    /** Click in the page and wait there until `until` holds: [the click's time, the frame's], page clock. */
    const act = (click: string, until: string) =>
      page.evaluate(
        `(async () => { const t0 = performance.now(); ${click}.click(); return [t0, await window.__until(${until})]; })()`,
      ) as Promise<[number, number]>;
    const count = (css: string, n: number) => `window.__count(${JSON.stringify(css)}, ${n})`;
    const heading = (text: string) => `window.__heading(${JSON.stringify(text)})`;
    // A player reads a screen before the next click: each step starts once the page has been
    // quiet for half a second, and not before 1.5 s (the app fetches the other screens meanwhile).
    const quiet = async () => {
      await page.waitForTimeout(1500);
      await page.waitForFunction(() => performance.now() - (globalThis as unknown as { __lastBusy: number }).__lastBusy > 500, undefined, {
        timeout: 30_000,
      });
    };
    /**
     * `ui_<name>_ms`: from the click to the frame showing the screen's data, on the page's clock
     * (what the player sees); `ui_<name>_bench_ms`: the same seen from the bench's process, which
     * adds Playwright's round trips and waits while the services (same process) work.
     */
    const step = async (name: string, action: () => Promise<[number, number]>) => {
      if (name !== 'open') await quiet();
      spent.ms = 0;
      const t = performance.now();
      const [t0, t1] = await action();
      figures.push([`ui_${name}_ms`, t1 - t0], [`ui_${name}_bench_ms`, performance.now() - t], [`ui_${name}_main_ms`, spent.ms]);
      return t0;
    };
    await step('open', async () => {
      await page.reload();
      await page.waitForFunction(() => (globalThis as unknown as { __opened?: number }).__opened !== undefined, undefined, {
        timeout: 120_000,
      });
      return [0, (await page.evaluate('window.__opened')) as number];
    });
    await step('history', () => act(button('History'), count('button.open', 50)));
    // Stats shows its figures, or, while the one-time work after an upgrade runs, its progress.
    const clicked = await step('stats', () => act(button('Stats'), count('table.stats tbody tr, .working progress', 1)));
    const figured = (await page.evaluate(`window.__until(${heading('Money over time')})`)) as number;
    figures.push(['ui_stats_figures_ms', figured - clicked]);
    await page.evaluate(`${button('Back')}.click()`);
    await step('home', () => act(button('Home'), count('button.session', 12)));
    await step('ledger', () => act(`document.querySelector('button.session')`, heading(`Ledger after ${opts.ledgerGames} games`)));
    await step('settlement', () => act(button('Settle up'), count('article.sheet', 1)));
    await page.waitForTimeout(200); // let the observer deliver the last entries
    const tasks = (await page.evaluate('window.__longTasks')) as number[];
    for (const [k, v] of figures) console.log(`${prefix}.${k}: ${v.toFixed(0)}`);
    console.log(`${prefix}.ui_longest_task_ms: ${Math.max(0, ...tasks).toFixed(0)}`);
    console.log(`${prefix}.ui_long_tasks: ${tasks.length}`);
  } finally {
    await close();
  }
};

/**
 * A UI bench: the services bundled as shipped (bench/lib/shipped.ts: tsx's wrapping would slow
 * main's part) over the store `open` gives (with the one-time work started in the background, as
 * the app does), every screen timed, then the store closed and `done` called.
 */
export const benchScreens = async (
  prefix: string,
  open: (openStore: (path: string) => Store) => { store: Store; done: () => void },
  opts: { ledgerGames: number },
): Promise<void> => {
  const { createServices, openStore } = await importShipped<typeof import('./large10y-entry')>(
    join(import.meta.dirname, 'large10y-entry.ts'),
    {
      externalPackages: true,
    },
  );
  const { store, done } = open(openStore);
  try {
    await timeScreens(prefix, createServices(store, { background: true }), opts);
  } finally {
    store.close();
    done();
  }
};
