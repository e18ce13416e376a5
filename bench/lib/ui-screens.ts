/**
 * Every screen of a long history, as a player opens them, in the BUILT renderer in Chromium with
 * the real services (bench/lib/page.ts). Shared by bench/large-ui.ts (40,000 quick-scored games)
 * and bench/large10y-ui.ts (ten years of play-by-play). Each step is timed from the click until
 * the screen shows its data (`open`: from loading the page, the app's start, until home shows
 * it): home its 12 recent sessions, History its first page (50 rows), Stats its table (or the
 * progress of the one-time work after an upgrade, which the app starts in the background at
 * launch, as here), a session its ledger, Settle up its sheet. A player reads each screen before
 * the next click: each step waits until the page is quiet (see `quiet`).
 * Prints, with the bench's prefix: `ui_<step>_ms` (goal under 200), `ui_<step>_main_ms` (of which
 * the main process's services), `ui_stats_figures_ms` (until Stats shows its figures, the one-time
 * work included), `ui_longest_task_ms` and `ui_long_tasks` (main-thread tasks over 50 ms).
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

export const timeScreens = async (prefix: string, services: Services, opts: { ledgerGames: number }): Promise<void> => {
  const spent = { ms: 0 };
  // A script string: the bench is type-checked without DOM types.
  const { page, close } = await openApp(
    timed(services, spent),
    `window.__longTasks = []; window.__lastBusy = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__longTasks.push(e.duration); window.__lastBusy = e.startTime + e.duration; } }).observe({ type: 'longtask', buffered: true });`,
  );
  try {
    const figures: [string, number][] = [];
    // Checked in the page at every frame with a plain query. Playwright's role locators walk the
    // accessibility tree on each poll, which on a 500-row page cost the page more than drawing it.
    // (Functions, not strings: the page's CSP forbids eval. The bench has no DOM types, hence the casts.)
    type Page = { document: { querySelectorAll(css: string): ArrayLike<{ textContent: string | null }> } };
    const count = (css: string, n: number) =>
      page.waitForFunction(([c, k]) => (globalThis as unknown as Page).document.querySelectorAll(c as string).length >= (k as number), [css, n] as const, {
        polling: 'raf',
        timeout: 120_000,
      });
    const heading = (text: string) =>
      page.waitForFunction((t) => Array.from((globalThis as unknown as Page).document.querySelectorAll('h1, h2')).some((h) => (h.textContent ?? '').includes(t)), text, {
        polling: 'raf',
        timeout: 120_000,
      });
    const click = (css: string, text: string) =>
      // The button's own words (a key hint may follow them: "History H").
      page.evaluate(`[...document.querySelectorAll(${JSON.stringify(css)})].find((b) => (b.textContent.trim() + ' ').startsWith(${JSON.stringify(text + ' ')})).click()`);
    // A player reads a screen before the next click: each step starts once the page has been
    // quiet for half a second, and not before 1.5 s (the app fetches the other screens meanwhile).
    const quiet = async () => {
      await page.waitForTimeout(1500);
      await page.waitForFunction(() => performance.now() - (globalThis as unknown as { __lastBusy: number }).__lastBusy > 500, undefined, { timeout: 30_000 });
    };
    const step = async (name: string, action: () => Promise<unknown>) => {
      if (name !== 'open') await quiet();
      spent.ms = 0;
      const t = performance.now();
      await action();
      figures.push([`ui_${name}_ms`, performance.now() - t], [`ui_${name}_main_ms`, spent.ms]);
    };
    await step('open', async () => {
      await page.reload();
      await count('button.session', 12);
    });
    await step('history', async () => {
      await click('button', 'History');
      await count('button.open', 50);
    });
    // Stats shows its figures, or, while the one-time work after an upgrade runs, its progress.
    let clicked = 0;
    await step('stats', async () => {
      clicked = performance.now();
      await click('button', 'Stats');
      await count('table.stats tbody tr, .working progress', 1);
    });
    await heading('Money over time');
    figures.push(['ui_stats_figures_ms', performance.now() - clicked]);
    await click('button', 'Back');
    await step('home', async () => {
      await click('button', 'Home');
      await count('button.session', 12);
    });
    await step('ledger', async () => {
      await page.evaluate(`document.querySelector('button.session').click()`);
      await heading(`Ledger after ${opts.ledgerGames} games`);
    });
    await step('settlement', async () => {
      await click('button', 'Settle up');
      await count('article.sheet', 1);
    });
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
  const { createServices, openStore } = await importShipped<typeof import('./large10y-entry')>(join(import.meta.dirname, 'large10y-entry.ts'), {
    externalPackages: true,
  });
  const { store, done } = open(openStore);
  try {
    await timeScreens(prefix, createServices(store, { background: true }), opts);
  } finally {
    store.close();
    done();
  }
};
