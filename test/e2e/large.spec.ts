/**
 * Large data in the UI (issue 7.4): with 2,000 sessions of 20 games (40,000 games) in the store,
 * the home screen (recent sessions), History (the 50 latest, then 50 older at each ask),
 * Stats (every player over every session), one session's ledger and its settlement load and
 * show their data. Behaviour only: how long the page's main thread is busy is a figure, printed
 * by bench/large-ui.ts, and the main-process figures by bench/large.ts.
 */
import { seedHistory } from '../../tools/security/large-history';
import { expect, test } from './harness';

test.setTimeout(180_000);

test('2,000 sessions / 40,000 games: home, history, stats, a ledger and a settlement show their data', async ({ page, app }) => {
  const seeded = seedHistory(app.store);
  expect(seeded.games).toBe(40_000);
  await page.reload();

  await expect(page.locator('button.session')).toHaveCount(12);
  await app.screenshot('large-home');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(page.locator('button.open')).toHaveCount(50);
  // The newest first, then the next 50 older ones when asked.
  const first = await page.locator('button.open').first().textContent();
  await page.getByRole('button', { name: 'Show 50 older sessions' }).click();
  await expect(page.locator('button.open')).toHaveCount(100);
  expect(await page.locator('button.open').first().textContent()).toBe(first);
  await expect(page.locator('button.open').nth(50)).toContainText('2025');
  await app.screenshot('large-history');
  await page.getByRole('button', { name: 'Stats', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Money over time' })).toBeVisible({ timeout: 30_000 });
  // Years of evenings: a readable handful of dates under the chart (the last one among them), no dots.
  const chart = page.getByRole('img', { name: 'Money over time by player' });
  const dates = await chart.locator('text.date').allTextContents();
  expect(dates.length).toBeGreaterThanOrEqual(2);
  expect(dates.length).toBeLessThanOrEqual(9);
  await expect(chart.locator('circle')).toHaveCount(0);
  await app.screenshot('large-stats');
  await page.reload();
  await page.locator('button.session').first().click();
  await expect(page.getByRole('heading', { name: /Ledger after 20 games/ })).toBeVisible();
  await page.getByRole('button', { name: 'Settle up' }).click();
  await expect(page.getByRole('heading').first()).toBeVisible();
  await app.screenshot('large-settlement');
});
