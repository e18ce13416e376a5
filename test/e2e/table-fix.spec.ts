import type { GameEvent } from '../../src/core/events';
import { expect, test } from './harness';
import { balancesText, engineOf, openCorrection, sheetFigures } from './session-helpers';
import { openTable, rec } from './table-keys';

/**
 * Issue 25: a whole game typed at 1280x800 by keyboard alone, with three late corrections made
 * with `fix` (a discard eleven events back typed as the wrong tile, a forgotten discard put in,
 * the seat of a call for mah jongg noticed after the payouts were confirmed), then game 2 begun
 * and game 1's value corrected from the session screen: the games, ledger and settlement equal
 * those of the same session typed right from the start. Screenshots of each step.
 */
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];

// The game as it happened. 26: West calls East's Eight Dot; 35-36: West's mah jongg on South's Red.
const RIGHT = [
  ...[
    '1b',
    '2b',
    '3b',
    '4b',
    '5b',
    '7d',
    '6b',
    '8b',
    '9b',
    '1c',
    '2c',
    '3c',
    '4c',
    '5c',
    '6c',
    '7c',
    '8c',
    '9c',
    '1d',
    '2d',
    '3d',
    '4d',
    '5d',
    '6d',
    '8d',
  ],
  'c w 3',
  ...['9d', 'n', 'e', 's', 'g', '0', 'f', 'r'],
  'c w m',
  'm w 30',
];
// As typed: event 6 as a Seven Bam; West's One Dot (19) forgotten (the next three typed with their
// seats, out of turn for the app); the mah jongg given to North.
const TYPED_BEFORE_FIX_1 = RIGHT.slice(0, 17).map((l, i) => (i === 5 ? '7b' : l));

const D = (seat: 'E' | 'S' | 'W' | 'N', tile: string): GameEvent => ({ type: 'discard', seat, tile }) as GameEvent;
const SEATS = ['E', 'S', 'W', 'N'] as const;
const TILES = [
  '1B',
  '2B',
  '3B',
  '4B',
  '5B',
  '7D',
  '6B',
  '8B',
  '9B',
  '1C',
  '2C',
  '3C',
  '4C',
  '5C',
  '6C',
  '7C',
  '8C',
  '9C',
  '1D',
  '2D',
  '3D',
  '4D',
  '5D',
  '6D',
  '8D',
];
const RIGHT_EVENTS: GameEvent[] = [
  ...TILES.map((t, i) => D(SEATS[i % 4]!, t)),
  { type: 'call', seat: 'W', exposure: ['8D', '8D', '8D'] },
  ...['9D', 'N', 'E', 'S', 'G', '0', 'F', 'R'].map((t, i) => D((['W', 'N', 'E', 'S'] as const)[i % 4]!, t)),
  { type: 'call', seat: 'W', mahjong: true },
  { type: 'mahjong', seat: 'W', value: 40, jokerless: false },
];
// Game 2, under way when game 1's value is corrected.
const GAME_2 = ['2b', '3c', 'n'];
const GAME_2_EVENTS: GameEvent[] = [D('E', '2B'), D('S', '3C'), D('W', 'N')];
const STAKES = { centsPerPoint: 5 };

test('a game typed with three mistakes, fixed late with `fix`, equals the game typed right', async ({ page, app }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS, stakes: STAKES } });
  await page.reload();
  await openTable(page);
  for (const l of TYPED_BEFORE_FIX_1) await rec(page, l);

  // ---- Fix 1: event 6 was a Seven Dot, not a Seven Bam (eleven events back).
  await page.keyboard.type('fix');
  await expect(page.getByTestId('fix')).toBeVisible();
  await expect(page.getByTestId('fix-rows').locator('li')).toHaveCount(7);
  // Arrow up steps back through the events, one at a time.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('command')).toHaveValue('fix 15');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('fix 6');
  await expect(page.getByTestId('fix-rows').locator('li[aria-current="true"]')).toHaveText(/6\s+Seven Bam by South/);
  await expect(page.getByTestId('preview')).toHaveText('Event 6, Seven Bam by South: type what it should be');
  await app.screenshot('table-fix-1-list');
  await page.keyboard.type(' 7d');
  await expect(page.getByTestId('preview')).toHaveText('Fix: Seven Bam by South (event 6) becomes Seven Dot by South');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('echo')).toContainText('Fixed: event 6, Seven Bam by South is now Seven Dot by South');
  await expect(page.getByTestId('fix')).toHaveCount(0);
  await expect(page.getByTestId('save')).toHaveText('All saved');
  await app.screenshot('table-fix-1-done');
  expect(app.store.loadEvents(app.store.getSession(session.id)!.gameList[0]!.id)[5]!.event).toEqual({ ...D('S', '7D'), implied: true });

  // ---- Play on; West's One Dot is forgotten. North's Two Dot is typed with her seat and flagged out of
  // turn (it is still West's turn for the app), so East's and South's are typed with theirs too.
  await rec(page, '9c');
  for (const l of ['n 2d', 'e 3d', 's 4d']) {
    await page.keyboard.type(l);
    await expect(page.getByTestId('out-of-turn')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('command')).toHaveValue('');
  }
  for (const l of ['5d', '6d', '8d', 'c w 3', '9d']) await rec(page, l);

  // ---- Fix 2: put the forgotten discard in before event 19.
  await page.keyboard.type('fix 19 before w 1d');
  await expect(page.getByTestId('preview')).toHaveText('Put in One Dot by West before event 19');
  await app.screenshot('table-fix-2-insert');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('echo')).toContainText('Fixed: One Dot by West put in as event 19');
  // The recent list numbers the events; North's Two Dot is no longer out of turn.
  await expect(page.getByTestId('events').locator('li').first()).toHaveText(/^27\s+West’s discard of Nine Dot$/);
  await app.screenshot('table-fix-2-done');

  // ---- Finish with the mah jongg given to North by mistake, and confirm the payouts.
  for (const l of ['n', 'e', 's', 'g', '0', 'f', 'r', 'c n m', 'm n 30']) await rec(page, l);
  await expect(page.getByRole('region', { name: 'Payout sheet' })).toBeVisible();
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  expect((await engineOf(app, session.id)).games[0]!.winner).toBe('N');

  // ---- Fix 3 (after the payouts were confirmed): the call was West's. The mah jongg after it is
  // then not legal: the sentence names it and offers to fix it too, or drop it; nothing is kept yet.
  await page.keyboard.type('fix 35 c w m');
  await expect(page.getByTestId('preview')).toHaveText('Fix: event 35 is West’s, not North’s; then event 36 needs fixing too');
  await page.keyboard.press('Enter');
  const later = page.getByTestId('fix-later');
  await expect(later).toContainText('Event 36, mah jongg by North (30), is no longer legal after this fix.');
  await expect(later.getByRole('button', { name: /Fix it too/ })).toBeVisible();
  await expect(later.getByRole('button', { name: /Drop it/ })).toBeVisible();
  // The same step in dark, and at 1920x1080.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await app.screenshot('table-fix-3-later-1920x1080-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('command')).toHaveValue('fix 36 ');
  await expect(page.getByTestId('save')).toHaveText('All saved');
  expect(app.store.loadEvents(app.store.getSession(session.id)!.gameList[0]!.id).at(-2)!.event).toEqual({
    type: 'call',
    seat: 'N',
    mahjong: true,
  });
  await app.screenshot('table-fix-3-later');
  // Fix it too. The payouts were confirmed and change: asked first, as u after ok is; Enter again makes it.
  await page.keyboard.type('m w 30');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('question')).toHaveText(
    'Game 1’s payouts are confirmed: this fix changes them. Press Enter again to fix it; Escape keeps it as it is.',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('echo')).toContainText('Fixed: event 35 is West’s, not North’s; event 36 is West’s, not North’s');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  await expect(page.getByTestId('events').locator('li').first()).toHaveText(/^36\s+West’s mah jongg \(30\)\s*fixed$/);
  await app.screenshot('table-fix-3-done');
  await page.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot('table-fix-3-done-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // ---- Game 2 starts at the table; then game 1 turns out to have been worth 40, not 30. It is
  // corrected from the session screen by keyboard while game 2 is under way.
  await rec(page, 'next');
  for (const l of GAME_2) await rec(page, l);
  await page.keyboard.type('ledger');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Game 2 is being played' })).toBeVisible();
  const line = await openCorrection(page, 1, 'w30s');
  await line.fill('w40s');
  await app.screenshot('table-fix-4-game-1');
  await line.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Game 1 corrected' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Game 2 is being played' })).toBeVisible();
  await app.screenshot('table-fix-4-done');

  // ---- The same session typed right from the start, through the same services: the same games,
  // ledger and settlement (on screen and in the engine).
  const right = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS, stakes: STAKES } });
  for (const events of [RIGHT_EVENTS, GAME_2_EVENTS]) {
    const g = await app.call('startGame', { sessionId: right.id });
    for (const [i, event] of events.entries()) await app.call('appendEvent', { gameId: g.id, event, afterSeq: i });
  }
  expect(RIGHT.length).toBe(RIGHT_EVENTS.length);
  const gameId = app.store.getSession(session.id)!.gameList[0]!.id;
  // Bare tiles are recorded as the player in turn's (implied); the seats are the same.
  expect(app.store.loadEvents(gameId).map(({ event }) => ({ ...event, implied: undefined }))).toEqual(RIGHT_EVENTS);
  const fixed = await engineOf(app, session.id);
  const typedRight = await engineOf(app, right.id);
  const strip = (g: (typeof fixed.games)[number]) => {
    const { amendments: _a, ...rest } = g;
    return rest;
  };
  // Three fixes at the table (the call's seat took the mah jongg with it), and the value.
  expect(fixed.games[0]!.amendments).toHaveLength(5);
  expect(fixed.games.map(strip)).toEqual(typedRight.games.map(strip));
  expect(fixed.session).toEqual(typedRight.session);
  const ledger = await app.call('sessionLedger', { sessionId: session.id });
  const ledgerRight = await app.call('sessionLedger', { sessionId: right.id });
  const lines = (l: typeof ledger) => l.games.map(({ gameId: _id, ...rest }) => rest);
  expect(lines(ledger)).toEqual(lines(ledgerRight));
  expect(lines(ledger)[0]).toMatchObject({ winner: 'Cy', net: { Ann: -40, Bea: -80, Cy: 160, Dot: -40 } });

  const balances = await balancesText(page);
  await page.getByRole('button', { name: 'Settle up' }).click();
  // Fix 3 came after game 1's payouts were confirmed: that was its first correction (revision 2).
  await expect(page.locator('.revision')).toHaveText(/^Revision 3 - game 1 corrected \d\d:\d\d/);
  const sheet = await sheetFigures(page);
  await app.screenshot('table-fix-5-settlement');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Home' }).click();
  await page
    .getByRole('button', { name: /Ann, Bea, Cy and Dot/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Game 2 is being played' })).toBeVisible();
  expect(await balancesText(page)).toEqual(balances);
  await page.getByRole('button', { name: 'Settle up' }).click();
  expect(await sheetFigures(page)).toEqual(sheet);
  await expect(page.locator('.revision')).toHaveCount(0);
});
