import { resolve } from 'node:path';
import { expect, test } from './harness';

/**
 * Issue 22: the setup screen never holds more than five players (a click on a sixth is refused
 * with a sentence, the seating keeps five), and Start is on screen at 1280x800 without scrolling,
 * even with the pie, the chips and every house rule open.
 */
const ROSTER = ['Ann', 'Bea', 'Cy', 'Dot', 'Eve', 'Fay', 'Gus'];

test('setup holds five players at most, and Start is always in view', async ({ page, app }) => {
  for (const name of ROSTER) await app.call('addPlayer', { name });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.getByRole('heading', { name: 'New session', level: 1 })).toBeVisible();

  // Seven clicks: five are picked, the sixth and seventh are refused with a sentence.
  for (const name of ROSTER) await page.getByRole('button', { name, exact: true }).click();
  for (const name of ROSTER.slice(0, 5))
    await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const name of ['Fay', 'Gus']) await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('setup-note')).toHaveText(
    'Gus is not picked: a table holds 5 players at most (4 play, the 5th sits out and bets). Unpick someone first.',
  );
  const seating = page.getByRole('list', { name: 'Seating for game 1' }).locator('li');
  await expect(seating).toHaveCount(5);
  await expect(seating.last()).toHaveText(/Sits out, bets\s*Eve/);

  // Unpicking one makes room: the sixth is picked in her place, and the note is gone.
  await page.getByRole('button', { name: 'Cy', exact: true }).click();
  await expect(page.getByTestId('setup-note')).toHaveCount(0);
  await page.getByRole('button', { name: 'Gus', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Gus', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(seating).toHaveCount(5);

  // The bettor's bet on a wall game is a house rule, offered and off by default.
  await expect(page.getByLabel(/The bettor may bet on a wall game/)).not.toBeChecked();

  // The longest setup (pie and chips open): Start is inside the window, unscrolled, and at the end of the page too.
  await page.getByLabel(/Play with a pie/).check();
  await page.getByRole('button', { name: 'Add a chip colour' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  const start = page.getByRole('button', { name: 'Start the session' });
  expect(await page.evaluate(() => document.documentElement.scrollHeight), 'the page is longer than the window').toBeGreaterThan(800);
  for (const where of ['top', 'bottom'] as const) {
    if (where === 'bottom') await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const box = (await start.boundingBox())!;
    expect(box.y, `Start at the ${where}`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `Start at the ${where}`).toBeLessThanOrEqual(800);
    // Nothing covers it: the topmost element at its centre is the button (or inside it).
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent?.trim(), {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(hit, `Start at the ${where} is not covered`).toBe('Start the session');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // The window as the host sees it (a full-page shot would draw the bar where the window's foot was).
  await page.screenshot({ path: resolve(import.meta.dirname, '../../test-results/screens/setup-five-start-in-view.png') });
  await page.getByLabel(/Play with a pie/).uncheck();
  await start.click();
  await expect(page.getByRole('heading', { name: /^Session, / })).toBeVisible();
  const [session] = await app.call('listSessions', { limit: 1 });
  expect(session).toBeTruthy();
});
