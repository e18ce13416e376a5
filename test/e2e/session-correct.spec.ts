import type { GameEvent } from '../../src/core/events';
import { axe } from './axe';
import { expect, test } from './harness';
import { balancesText, engineOf, openCorrection, quick, setUp, settlementPdf, sheetFigures } from './session-helpers';

/**
 * Correcting a confirmed earlier game by keyboard at 1280x800: game 3 was typed 25 and was
 * worth 35, noticed while game 5 is being played. After the correction the ledger and the
 * settlement on screen equal those of the same session typed right from the start, and the
 * printed settlement carries a revision line that the sheet printed before it lacks.
 */
// axe-core goes in with addScriptTag, which the page's CSP (no inline script) would block.
test.use({ bypassCSP: true });

const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];
const G5: GameEvent[] = [
  { type: 'discard', seat: 'E', tile: '5B' },
  { type: 'pick', seat: 'S' },
  { type: 'discard', seat: 'S', tile: 'N' },
];

test('correct game 3’s value by keyboard while game 5 is played: ledger and settlement equal the session typed right; the printout says revision 2', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The same evening typed right from the start (an older session): game 3 was worth 35.
  const right = await app.call('setupSession', {
    setup: { players: PLAYERS, seating: PLAYERS, stakes: { centsPerPoint: 1 }, pie: { points: 100 } },
  });
  for (const events of [
    [{ type: 'mahjong', seat: 'S', value: 25, jokerless: false, from: 'W' }],
    [{ type: 'wallGame' }],
    [{ type: 'mahjong', seat: 'E', value: 35, jokerless: false, from: 'N' }],
    [{ type: 'mahjong', seat: 'S', value: 30, jokerless: false, selfPick: true }],
  ] as GameEvent[][])
    await app.call('quickScore', { sessionId: right.id, events });
  const g5Right = await app.call('startGame', { sessionId: right.id });
  for (const [i, event] of G5.entries()) await app.call('appendEvent', { gameId: g5Right.id, event, afterSeq: i });
  await app.reload();

  // Tonight's session, typed at the screen with the mistake in game 3 (e25n, not e35n).
  const id = await setUp(page, { players: PLAYERS, centsPerPoint: 1, pie: 100 });
  for (const [i, line] of ['s25w', 'wall', 'e25n', 's30p'].entries()) await quick(page, line, i + 1);
  const g5 = await app.call('startGame', { sessionId: id });
  for (const [i, event] of G5.entries()) await app.call('appendEvent', { gameId: g5.id, event, afterSeq: i });
  await app.reload();
  await page
    .getByRole('button', { name: /Ann, Bea, Cy and Dot/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Game 5 is being played' })).toBeVisible();
  // At 1280 the title and the header's buttons each stay on one line (they used to wrap).
  const lines = await page.locator('header h1, header .actions button').evaluateAll((els) =>
    els.map((e) => {
      const r = document.createRange();
      r.selectNodeContents(e);
      // A new line starts below the one before it (boxes on one line overlap in height).
      let lines = 0;
      let bottom = -Infinity;
      for (const x of [...r.getClientRects()].filter((x) => x.width > 0).sort((a, b) => a.top - b.top))
        if (x.top >= bottom - 2) {
          lines++;
          bottom = x.bottom;
        } else bottom = Math.max(bottom, x.bottom);
      return { text: e.textContent!.trim(), lines };
    }),
  );
  expect(lines.filter((l) => l.lines > 1)).toEqual([]);

  // The sheet printed before the correction has no revision line.
  await page.getByRole('button', { name: 'Settle up' }).click();
  const before = await settlementPdf(page, 'correct-settlement-before');
  expect(before.text).toContain('MahjMate settlement');
  expect(before.text).not.toMatch(/Revision/);
  await page.getByRole('button', { name: 'Back' }).click();

  // By keyboard: the game's number, Enter; the form reads back the stored ending.
  const line = await openCorrection(page, 3, 'e25n');
  await expect(page.getByText('Recorded: Cy won 25, on Bea’s discard')).toBeVisible();
  // Esc leaves it unchanged; opening it again shows the same.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Correct game 3' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Correct game 3' }).click();
  await expect(line).toHaveValue('e25n');
  await line.press('End');
  await line.press('ArrowLeft');
  await line.press('Backspace');
  await line.press('Backspace');
  await page.keyboard.type('35');
  await expect(line).toHaveValue('e35n');
  await expect(page.locator('#quick-summary')).toHaveText('East (Cy) wins 35 on North (Bea)’s discard.');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/screens/correct-form-1280-${scheme}.png` });
    expect(await axe(page), `the correction form (${scheme})`).toEqual([]);
  }
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: 'test-results/screens/correct-form-1920-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await line.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: 'Game 3 corrected' })).toContainText('revision 2');
  await expect(page.getByRole('status').filter({ hasText: 'Game 3 corrected' })).toContainText(
    'Fixed: event 1, mah jongg by East (25) is now mah jongg by East (35)',
  );
  await expect(page.locator('[data-game="3"]')).toContainText('Cy won 35, on Bea’s discard');
  await expect(page.getByRole('list', { name: 'Corrections' })).toContainText(
    'was Cy won 25, on Bea’s discard; now Cy won 35, on Bea’s discard',
  );
  // Game 5 is still at the table, untouched.
  await expect(page.getByRole('heading', { name: 'Game 5 is being played' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/correct-ledger-after.png' });
  const ledgerAfter = await balancesText(page);

  // The engine's view of both records is the same (the record carries the corrected game).
  const mine = await engineOf(app, id);
  const theirs = await engineOf(app, right.id);
  expect(mine.session).toEqual(theirs.session);
  expect(mine.games.map((g) => g.net)).toEqual(theirs.games.map((g) => g.net));
  // By hand (pie 100): Ann +100, Bea −30, Cy +30, Dot −100 (py): Dot pays Ann $1.00, Bea pays Cy $0.30.
  expect(mine.session.net).toEqual({ Ann: 100, Bea: -30, Cy: 30, Dot: -100 });

  await page.getByRole('button', { name: 'Settle up' }).click();
  await expect(page.locator('.revision')).toHaveText(/^Revision 2 - game 3 corrected \d\d:\d\d/);
  const sheetAfter = await sheetFigures(page);
  const after = await settlementPdf(page, 'correct-settlement-after');
  expect(after.pages).toBe(1);
  expect(after.text).toMatch(/Revision 2 - game 3 corrected \d\d:\d\d/);
  expect(after.text).toContain('Dot pays Ann $1.00');
  expect(after.text).toMatch(/Cy 35 from Bea · corrected/);
  expect(before.text).not.toMatch(/corrected/);
  expect(after.text).toContain('Bea pays Cy $0.30');

  // The same session typed right: the same ledger and settlement, and no revision line.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Home' }).click();
  await page
    .getByRole('button', { name: /Ann, Bea, Cy and Dot/ })
    .nth(1)
    .click();
  await expect(page.getByRole('heading', { name: 'Game 5 is being played' })).toBeVisible();
  expect(await balancesText(page)).toEqual(ledgerAfter);
  await page.getByRole('button', { name: 'Settle up' }).click();
  expect(await sheetFigures(page)).toEqual(sheetAfter);
  await expect(page.locator('.revision')).toHaveCount(0);
});
