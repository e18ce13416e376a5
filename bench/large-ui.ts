/**
 * Large data in the UI (issue 7.4, figure moved out of test/e2e/large.spec.ts by issue 13): with
 * 2,000 sessions of 20 games (40,000 games) in a real store, the built renderer in Chromium loads
 * home, History (500 sessions), Stats, a session's ledger and its settlement. Prints
 * `large.ui_longest_task_ms` (the longest main-thread task, Chromium's `longtask` entries
 * buffered from the first paint; goal: under 100; about 100 here, the first page load, since the screens became their own chunks), `large.ui_long_tasks` (tasks over 50 ms) and
 * each step's time. The behaviour (every screen shows its data) is test/e2e/large.spec.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServices } from '../electron/main/services/dispatch';
import { openStore } from '../electron/main/store/store';
import { seedHistory } from '../tools/security/large-history';
import { openApp } from './lib/page';

const dir = mkdtempSync(join(tmpdir(), 'mahjmate-large-ui-'));
const store = openStore(join(dir, 'mahjmate.db'));
try {
  seedHistory(store);
  // A script string: the bench is type-checked without DOM types.
  const { page, close } = await openApp(
    createServices(store),
    `window.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });`,
  );
  try {
    const steps: Record<string, number> = {};
    const timed = async (name: string, action: () => Promise<void>) => {
      const t = Date.now();
      await action();
      steps[name] = Date.now() - t;
    };
    await timed('home', () => page.locator('button.session').nth(11).waitFor());
    await timed('history', async () => {
      await page.getByRole('button', { name: 'History', exact: true }).click();
      await page.locator('button.open').nth(499).waitFor();
    });
    await timed('stats', async () => {
      await page.getByRole('button', { name: 'Stats', exact: true }).click();
      await page.getByRole('heading', { name: 'Money over time' }).waitFor({ timeout: 60_000 });
    });
    const longTasks = async (): Promise<number[]> => (await page.evaluate('window.__longTasks')) as number[];
    const before = await longTasks(); // the reload starts a new list
    await timed('ledger', async () => {
      await page.reload();
      await page.locator('button.session').first().click();
      await page.getByRole('heading', { name: /Ledger after 20 games/ }).waitFor();
    });
    await timed('settlement', async () => {
      await page.getByRole('button', { name: 'Settle up' }).click();
      await page.getByRole('heading').first().waitFor();
    });
    await page.waitForTimeout(200); // let the observer deliver the last entries
    const tasks = [...before, ...(await longTasks())];
    console.log(`large.ui_longest_task_ms: ${Math.max(0, ...tasks).toFixed(0)}`);
    console.log(`large.ui_long_tasks: ${tasks.length}`);
    for (const [k, v] of Object.entries(steps)) console.log(`large.ui_${k}_ms: ${v}`);
  } finally {
    await close();
  }
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
