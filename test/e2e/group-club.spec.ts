import { expect, test, type Page } from './harness';
import { atEverySize, viewShot } from './shots';

/**
 * The club night view with a room's worth of tables: every line it shows fits on the screen at
 * 1280x800 and 1920x1080 (nothing to scroll on a screen by the door), in columns once there are
 * many players (three on a wide screen), the leaders first; past what a screen holds, it says
 * how many more there are.
 * One laptop in a group whose server is not there (127.0.0.1, a closed port): its own games are
 * the night's, as they are for any laptop before its first sync.
 */
const FIRST = ['Ann', 'Bea', 'Cy', 'Dot', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Joy', 'Kit', 'Lou'];
const LAST = ['Abernathy', 'Bo', 'Castellanos', 'Diaz'];
const tables = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => from + k).map((t) => LAST.map((l) => `${FIRST[t]} ${l}`));

const fitsOnScreen = async (page: Page) => {
  const vp = page.viewportSize()!;
  const rows = await page
    .getByRole('table', { name: 'Club night standings' })
    .locator('tbody td')
    .evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect()).map((r) => ({ bottom: r.bottom, right: r.right })));
  expect(Math.max(...rows.map((r) => r.bottom))).toBeLessThanOrEqual(vp.height);
  expect(Math.max(...rows.map((r) => r.right))).toBeLessThanOrEqual(vp.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  // And the line saying how many more players there are, when there are more.
  for (const box of await page.locator('.legend').evaluateAll((ps) => ps.map((p) => p.getBoundingClientRect().bottom)))
    expect(box).toBeLessThanOrEqual(vp.height);
};

const shots = (page: Page, name: string) =>
  atEverySize(page, async (size, scheme) => {
    await viewShot(page, name, size, scheme);
    await fitsOnScreen(page);
  });

test('club night: many tables fit the screen, in columns, the leaders first', async ({ page, app }) => {
  test.setTimeout(180_000);
  await app.call('groupCreate', { name: 'Friday club', url: 'http://127.0.0.1:9', laptop: 'Door laptop' });
  const play = async (groups: string[][]) => {
    for (const [t, players] of groups.entries()) {
      const s = await app.call('setupSession', { setup: { players, seating: players } });
      const seat = (['E', 'S', 'W', 'N'] as const)[t % 4];
      const from = (['S', 'W', 'N', 'E'] as const)[t % 4];
      await app.call('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat, value: 25 + 5 * t, jokerless: false, from }] });
    }
  };
  await play(tables(0, 5));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Group', exact: true }).click();
  await page.getByRole('button', { name: 'Club night view' }).click();
  const table = page.getByRole('table', { name: 'Club night standings' });
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await expect(page.getByTestId('club-night')).toContainText('Tonight: 5 tables, 5 games ended');
  // The leader first: the largest win of the night (table 5's East-of-rotation winner, 45 on a discard).
  await expect(table.locator('tbody tr').first()).toContainText('Eve Abernathy');
  await shots(page, 'club-night-20');

  // Seven more tables arrive while the view is up: it follows, and shows the leaders it can fit.
  await page.setViewportSize({ width: 1280, height: 800 });
  await play(tables(5, 12));
  await expect(page.getByTestId('club-night')).toContainText('Tonight: 12 tables, 12 games ended', { timeout: 30_000 });
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await expect(page.getByText('…and 28 more players: the Group screen lists everyone.')).toBeVisible();
  await expect(table.locator('tbody tr').first()).toContainText('Lou Castellanos');
  await shots(page, 'club-night-48');
  // A wide screen holds three columns.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(table.locator('tbody tr')).toHaveCount(42);
  await expect(page.getByText('…and 6 more players: the Group screen lists everyone.')).toBeVisible();
});
