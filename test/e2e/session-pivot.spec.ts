import { dollars } from '../../src/renderer/components/session/money';
import { expect, test } from './harness';
import { expectLedgerMatchesEngine, expectTable, quick, setUp, settlementPdf } from './session-helpers';

/** Sixteen games, a typical evening: varied endings in a fixed order (winner, value, jokerless, from). */
const EVENING4 = [
  'e25p',
  's30e',
  'wall',
  'n35jw',
  'w25s',
  'e50n',
  's25jp',
  'wall',
  'n30e',
  'w40jn',
  'e25s',
  's35w',
  'n25p',
  'wall',
  'w30e',
  'e45jp',
];

test('4 players: the Pivot swap before games 5 and 9, ledger after each of 16 games, one-page settlement PDF', async ({ page, app }) => {
  const id = await setUp(page, {
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    centsPerPoint: 2,
    choices: { 'Three dead hands after the wall was broken': '25total' },
  });
  expect((await app.call('getSession', { sessionId: id })).setup.rules).toEqual({ threeDeadRuleD: '25total' });
  await expect(page.getByText('house rules: three dead (d) 25total')).toBeVisible();
  await expectTable(page, ['Ann', 'Bea', 'Cy', 'Dot']);
  await expect(page.getByText('Pivot swap after 4 more games.')).toBeVisible();
  let e;
  for (const [i, line] of EVENING4.entries()) {
    await quick(page, line, i + 1);
    e = await expectLedgerMatchesEngine(page, app, id);
    if (i + 1 === 4) {
      // RULES §10.2, Example 48: the dice come back to Ann; she swaps chairs with Bea and keeps them.
      await expect(page.getByRole('status').filter({ hasText: 'Pivot swap before this game: Ann swaps chairs with Bea' })).toBeVisible();
      await expectTable(page, ['Ann', 'Cy', 'Dot', 'Bea']);
      await app.screenshot('session-four-pivot');
    }
    if (i + 1 === 8) {
      await expect(page.getByRole('status').filter({ hasText: 'Ann swaps chairs with Cy' })).toBeVisible();
      await expectTable(page, ['Ann', 'Dot', 'Bea', 'Cy']);
    }
    if (i + 1 === 5) await expect(page.getByText('Pivot swap after 3 more games.')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Settle up' }).click();
  await expect(page.locator('tr[data-game="16"]')).toBeVisible();
  const pdf = await settlementPdf(page, 'settlement-four');
  expect(pdf.pages, 'a 16-game evening fits on one page').toBe(1);
  for (const t of e!.session.transfers) expect(pdf.text).toContain(`${t.from} pays ${t.to} ${dollars(t.cents).replace('+', '')}`);
  expect(pdf.text.replace(/\s+/g, ' '), 'lines may wrap in the PDF').toContain('the wall-breaker pays 25 shared among the survivors');
  for (let g = 1; g <= 16; g++) expect(pdf.text).toMatch(new RegExp(`\\n\\s*${g}\\s+(Ann|Bea|Cy|Dot)\\s`));
  // Stats over this session: wins and money are the engine's.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Stats' }).click();
  const annWins = e!.games.filter((g) => g.winner !== null && g.seating[g.winner] === 'Ann').length;
  await expect(page.locator('tr[data-player="Ann"] td').nth(2)).toHaveText(String(annWins));
  await expect(page.locator('tr[data-player="Ann"] .money')).toHaveText(dollars(e!.session.cents['Ann']!));
  await expect(page.getByRole('img', { name: 'Money over time by player' })).toBeVisible();
  await app.screenshot('stats');
});

test('3 players: bad setup refused, the Pivot swap before game 4, a seat not at the table refused, settlement PDF', async ({
  page,
  app,
}) => {
  // Fewer than 3 players: refused with the reason, nothing saved.
  await page.getByRole('button', { name: 'New session' }).click();
  for (const n of ['Ann', 'Bea']) {
    await page.getByPlaceholder('New player’s name').fill(n);
    await page.getByRole('button', { name: 'Add player' }).click();
  }
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByRole('alert')).toContainText('3, 4 or 5 players');
  // A second "ann" is Ann, who is already picked: said so, nothing added.
  await page.getByPlaceholder('New player’s name').fill('ann');
  await page.getByRole('button', { name: 'Add player' }).click();
  await expect(page.getByRole('alert')).toContainText('Ann is already picked');
  // A pie below the cheapest hand, and stakes of 0.
  await page.getByPlaceholder('New player’s name').fill('Cy');
  await page.getByRole('button', { name: 'Add player' }).click();
  await page.getByLabel(/Play with a pie/).check();
  await page.getByLabel('Each player’s pie, in points').fill('20');
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByRole('alert')).toContainText('cannot pay even the cheapest hand (25)');
  await page.getByLabel(/Play with a pie/).uncheck();
  await page.getByLabel('Cents per point').fill('0');
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByRole('alert')).toContainText('Cents per point must be more than 0');
  expect(await app.call('listSessions')).toEqual([]);
  await app.screenshot('setup');
  // Put it right and start: Ann East, Bea South, Cy West (the order they were picked).
  await page.getByLabel('Cents per point').fill('10');
  await page.getByLabel(/Throwing mah jongg on East’s last wall/).check();
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByRole('heading', { name: /^Session, / })).toBeVisible();
  const id = (await app.call('listSessions'))[0]!.id;
  await expectTable(page, ['Ann', 'Bea', 'Cy']);
  await expect(page.getByText('house rules: pay for the party on')).toBeVisible();
  expect((await app.call('getSession', { sessionId: id })).setup.rules).toEqual({ payForTheParty: true });

  // No North at a 3-player table: refused with the reason, nothing recorded.
  const input = page.getByPlaceholder(/e\.g\. e30jp/);
  await input.fill('n25e');
  await input.press('Enter');
  await expect(page.getByRole('alert')).toContainText('There is no seat N at this table');
  expect((await app.call('getSession', { sessionId: id })).games).toBe(0);

  let e;
  for (const [i, line] of ['e30p', 'w25s', 'wall', 's40je', 'e25w', 'w35p'].entries()) {
    await quick(page, line, i + 1);
    e = await expectLedgerMatchesEngine(page, app, id);
    if (i + 1 === 3) {
      await expect(page.getByRole('status').filter({ hasText: 'Ann swaps chairs with Bea' })).toBeVisible();
      await expectTable(page, ['Ann', 'Cy', 'Bea']);
    }
  }
  await page.getByRole('button', { name: 'Settle up' }).click();
  const pdf = await settlementPdf(page, 'settlement-three');
  expect(pdf.pages).toBe(1);
  for (const t of e!.session.transfers) expect(pdf.text).toContain(`${t.from} pays ${t.to} ${dollars(t.cents).replace('+', '')}`);
  expect(pdf.text).toContain('10¢ a point');
  expect(pdf.text).toContain('except: Throwing mah jongg on East');
});
