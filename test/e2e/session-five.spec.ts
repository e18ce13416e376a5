import { readFileSync } from 'node:fs';
import { dollars } from '../../src/renderer/components/session/money';
import { expect, test } from './harness';
import { engineOf, expectLedgerMatchesEngine, expectTable, quick, setUp, settlementPdf } from './session-helpers';

/**
 * A 5-player evening with a pie of 60, six games by quick scoring: a bettor win, a forgotten
 * bet, py players winning back in, a wall game. After each game the rotation and the ledger on
 * screen are checked against the engine (replaySession over the exported record) and against
 * the seating worked out by hand from RULES §10.3. Then the settlement PDF.
 */
test('5 players with a pie: six quick-scored games, rotation and ledger after each, settlement PDF', async ({ page, app }) => {
  const id = await setUp(page, {
    players: ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'],
    centsPerPoint: 5,
    pie: 60,
    screenshot: (n) => app.screenshot(n),
  });
  await expectTable(page, ['Ann', 'Bea', 'Cy', 'Dot'], 'Eve');
  await app.screenshot('session-five-start');

  // Game 1: Eve bets on Bea (South), who self-picks 30: the bettor wins with her.
  await page.getByRole('group', { name: 'Eve bets on' }).getByRole('button', { name: /Bea/ }).click();
  await quick(page, 's30p', 1);
  await expect(page.locator('li[data-game="1"]')).toContainText('Bea won 30, self-picked');
  await expect(page.locator('li[data-game="1"]')).toContainText('bettor Eve backed Bea');
  await expect(page.locator('li[data-game="1"]')).toContainText('Bettor backed South');
  // Ann, Cy and Dot each owed 60 to Bea and 60 to Eve; the pie of 60 caps them: now py.
  await expect(page.locator('li[data-game="1"]')).toContainText('(owed 60; pie)');
  let e = await expectLedgerMatchesEngine(page, app, id, 60);
  await expectTable(page, ['Bea', 'Cy', 'Dot', 'Eve'], 'Ann');
  expect(e.games[0]!.betOn).toBe('S');

  // Game 2: Ann sits out and forgets to bet; Cy (py) wins 25 on Dot's discard and is back in.
  await quick(page, 's25w', 2);
  await expect(page.locator('li[data-game="2"]')).toContainText('forgot to bet');
  await expect(page.locator('tr[data-player="Cy"] .pymark')).toHaveCount(0);
  e = await expectLedgerMatchesEngine(page, app, id, 60);
  await expectTable(page, ['Cy', 'Dot', 'Eve', 'Ann'], 'Bea');

  // Game 3: a wall game: nobody pays, the dice still move.
  await quick(page, 'wall', 3);
  await expect(page.locator('li[data-game="3"]')).toContainText('Wall game: no payments');
  e = await expectLedgerMatchesEngine(page, app, id, 60);
  await expectTable(page, ['Dot', 'Eve', 'Ann', 'Bea'], 'Cy');

  // Game 4: Cy bets on Eve (typed "bs"); Ann (py) wins 30 on Dot's discard: back in; Cy loses her bet.
  await quick(page, 'bs w30e', 4);
  await expect(page.locator('li[data-game="4"]')).toContainText('Ann won 30, on Dot’s discard');
  await expect(page.locator('li[data-game="4"]')).toContainText('Bettor backed South: pays West 30');
  await expect(page.locator('tr[data-player="Ann"] .pymark')).toHaveCount(0);
  e = await expectLedgerMatchesEngine(page, app, id, 60);
  await expectTable(page, ['Eve', 'Ann', 'Bea', 'Cy'], 'Dot');

  // Game 5: Eve self-picks 25 jokerless (doubled); Dot forgot to bet.
  await quick(page, 'e25jp', 5);
  await expect(page.locator('li[data-game="5"]')).toContainText('Eve won 25 jokerless, self-picked');
  e = await expectLedgerMatchesEngine(page, app, id, 60);
  await expectTable(page, ['Ann', 'Bea', 'Cy', 'Dot'], 'Eve');

  // Game 6: Eve bets on Dot (North), who wins 40 on Bea's discard: the bettor wins again.
  await page.getByRole('group', { name: 'Eve bets on' }).getByRole('button', { name: /Dot/ }).click();
  await quick(page, 'n40s', 6);
  e = await expectLedgerMatchesEngine(page, app, id, 60);
  expect(e.games.map((g) => g.status)).toEqual(['mahjong', 'mahjong', 'wall', 'mahjong', 'mahjong', 'mahjong']);
  expect(e.games[5]!.betOn).toBe('N');
  await app.screenshot('session-five-ledger');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await app.screenshot('session-five-ledger-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  // Settlement: nets and the fewest transfers on the page and in its PDF, exactly the engine's.
  await page.getByRole('button', { name: 'Settle up' }).click();
  await expect(page.getByRole('heading', { name: 'MahjMate settlement' })).toBeVisible();
  for (const [name, cents] of Object.entries(e.session.cents))
    await expect(page.locator(`.nets tr[data-player="${name}"]`)).toContainText(dollars(cents));
  await expect(page.locator('[data-transfer]')).toHaveCount(e.session.transfers.length);
  await app.screenshot('session-five-settlement');
  // The browser bridge has no Electron printer: the button says so instead of failing silently.
  await page.getByRole('button', { name: 'Save as PDF…' }).click();
  await expect(page.getByRole('status')).toHaveText('printing needs the MahjMate desktop app (no printer here)');
  const pdf = await settlementPdf(page, 'settlement-five');
  expect(pdf.pages).toBe(1);
  for (const t of e.session.transfers) expect(pdf.text).toContain(`${t.from} pays ${t.to} ${dollars(t.cents).replace('+', '')}`);
  for (const [name, cents] of Object.entries(e.session.cents))
    expect(pdf.text).toMatch(new RegExp(`${name}\\s+\\S+\\s+${dollars(cents).replace(/[$+]/g, '\\$&')}`));
  expect(pdf.text).toContain('5¢ a point');
  expect(pdf.text).toContain('60 points each');
  expect(pdf.text).toContain('official NMJL rules');
  expect(pdf.text).toContain('Agreed by');
  expect(readFileSync(pdf.png).length).toBeGreaterThan(1000);
  // The cent total is exact: the transfers settle every net.
  const settled = Object.fromEntries(Object.keys(e.session.cents).map((n) => [n, 0]));
  for (const t of e.session.transfers) {
    settled[t.from]! -= t.cents;
    settled[t.to]! += t.cents;
  }
  expect(settled).toEqual(e.session.cents);
  expect(e).toEqual(await engineOf(app, id));
});
