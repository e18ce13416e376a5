/**
 * Every screen of a long history, as a player opens them, in the BUILT renderer in Chromium with
 * the real services (bench/lib/page.ts). Shared by bench/large-ui.ts (40,000 quick-scored games)
 * and bench/large10y-ui.ts (ten years of play-by-play). Each step is timed from the click (or,
 * for home, the page load) until the screen shows its data: home its 12 recent sessions, History
 * its 500 rows, Stats its table (or the progress of the one-time work after an upgrade, which the
 * app starts in the background at launch, as here), a session its ledger, Settle up its sheet.
 * Prints, with the bench's prefix: `ui_<step>_ms` (goal under 200), `ui_<step>_main_ms` (of which
 * the main process's services), `ui_stats_figures_ms` (until Stats shows its figures, the one-time
 * work included), `ui_longest_task_ms` and `ui_long_tasks` (main-thread tasks over 50 ms).
 */
import type { Services } from '../../electron/main/services/dispatch';
import { openApp } from './page';

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
    `window.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });`,
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
    const step = async (name: string, action: () => Promise<unknown>) => {
      spent.ms = 0;
      const t = performance.now();
      await action();
      figures.push([`ui_${name}_ms`, performance.now() - t], [`ui_${name}_main_ms`, spent.ms]);
    };
    await step('home', async () => {
      await page.reload();
      await count('button.session', 12);
    });
    await step('history', async () => {
      await click('button', 'History');
      await count('button.open', 500);
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
    await click('button', 'Home');
    await count('button.session', 12);
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
