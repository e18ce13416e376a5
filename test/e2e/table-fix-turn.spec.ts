import { expect, test, type MahjmateApp, type Page } from './harness';
import { engineOf, sheetFigures } from './session-helpers';
import { openTable, rec } from './table-keys';

/**
 * Issue 37: a host types bare tiles and lets the app give each to the player in turn. She makes the
 * two seat mistakes of a real evening: West's discard is forgotten (the bare tiles after it go to
 * the wrong players), and West's pung is typed for North (c n 3). Each is fixed with one `fix` line;
 * the bare tiles after each fix move with the turn, the preview and the echo say so; `u` takes a
 * fix back. Play goes on to East's mah jongg on North's Three Crak, and the payout sheet, ledger
 * and settlement equal those of the same game typed right. At 4 players, and at 5 with the bettor
 * backing the winner. Screenshots of each step at 1280x800.
 */

// As it happened: West's pung of South's One Crak, then East's mah jongg on North's Three Crak.
const RIGHT = ['1b', '2b', '3b', '4b', '5b', '6b', '7b', '8b', '9b', '1c', 'c w 3', '2c', '3c', 'c e m', 'm e 30'];
// As typed: West's Seven Bam (event 7) forgotten; the pung typed for North.
const TYPED = ['1b', '2b', '3b', '4b', '5b', '6b', '8b', '9b', '1c', 'c n 3', '2c'];
const STAKES = { centsPerPoint: 5 };

/** The seats of the stored game's events, in order ('' for an event without one). */
const seatsOf = (app: MahjmateApp, gameId: number): string[] =>
  app.store.loadEvents(gameId).map((e) => ('seat' in e.event ? e.event.seat : ''));

/** The figures a player reads: the payout sheet's lines. */
const sheetText = async (page: Page): Promise<string> => (await page.getByTestId('payout').innerText()).replace(/\s+/g, ' ');

/** From the table after `ok`: the session's ledger and its settlement, as read on screen. */
const ledgerAndSettlement = async (page: Page, app: MahjmateApp, sessionId: number) => {
  const ledger = (await app.call('sessionLedger', { sessionId })).games.map(({ gameId: _id, ...rest }) => rest);
  await page.keyboard.type('ledger');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Session, / })).toBeVisible();
  const balances = await page.getByRole('table', { name: 'Balances' }).innerText();
  await page.getByRole('button', { name: 'Settle up' }).click();
  const settlement = await sheetFigures(page);
  const { games, session } = await engineOf(app, sessionId);
  return { ledger, balances, settlement, engine: { games: games.map(({ amendments: _a, ...g }) => g), session } };
};

const play = async (page: Page, app: MahjmateApp, n: 4 | 5, tag: string) => {
  const players = ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'].slice(0, n);
  const setup = { players, seating: players.slice(0, 4), ...(n === 5 ? { bettor: 'Eve' } : {}), stakes: STAKES };
  // The bettor backs East (the winner): her line is on the sheet too.
  const bet = n === 5 ? ['b e'] : [];
  const k = bet.length; // event numbers move on by the bet

  // ---- The game typed right, in a session of its own.
  const right = await app.call('setupSession', { setup });
  await page.reload();
  await openTable(page);
  for (const l of [...bet, ...RIGHT]) await rec(page, l);
  await expect(page.getByTestId('payout')).toBeVisible();
  const rightSheet = await sheetText(page);
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  const rightAfter = await ledgerAndSettlement(page, app, right.id);

  // ---- The same game typed with the two seat mistakes.
  const session = await app.call('setupSession', { setup });
  await page.reload();
  await openTable(page);
  const gameId = app.store.getSession(session.id)!.gameList[0]!.id;
  for (const l of [...bet, ...TYPED]) await rec(page, l);
  // The screen is drawn first, then the write is sent: the store is read once all is saved.
  // The bare tiles after the forgotten discard went to West, North and East; the pung to North.
  await expect(page.getByTestId('save')).toHaveText('All saved');
  expect(seatsOf(app, gameId).slice(k + 6)).toEqual(['W', 'N', 'E', 'N', 'N']);
  await app.screenshot(`table-turn-${tag}-1-typed`);

  // ---- Fix 1: West's Seven Bam was forgotten before event 7.
  await page.keyboard.type(`fix ${k + 7}`);
  await expect(page.getByTestId('fix-hints')).toContainText(`fix ${k + 7} before w 3b`);
  await page.keyboard.type(' before w 7b');
  await expect(page.getByTestId('preview')).toHaveText(
    `Put in Seven Bam by West before event ${k + 7}. Events ${k + 8}-${k + 10} now follow the turn: event ${k + 8} is North’s`,
  );
  await app.screenshot(`table-turn-${tag}-2-fix-forgotten`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('echo')).toContainText(
    `Fixed: Seven Bam by West put in as event ${k + 7}. Events ${k + 8}-${k + 10} now follow the turn: event ${k + 8} is North’s`,
  );
  await expect(page.getByTestId('save')).toHaveText('All saved');
  expect(seatsOf(app, gameId).slice(k + 6)).toEqual(['W', 'N', 'E', 'S', 'N', 'N']);
  await app.screenshot(`table-turn-${tag}-3-fixed-forgotten`);

  // ---- Fix 2: the pung was West's. The Two Crak after it moves to West.
  await page.keyboard.type(`fix ${k + 11}`);
  await expect(page.getByTestId('fix-hints')).toContainText(`fix ${k + 11} c e 3`);
  await page.keyboard.type(' c w 3');
  await expect(page.getByTestId('preview')).toHaveText(
    `Fix: event ${k + 11} is West’s, not North’s. Event ${k + 12} now follows the turn: it is West’s`,
  );
  await app.screenshot(`table-turn-${tag}-4-fix-call`);
  // The same step in dark, and at 1920x1080.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await app.screenshot(`table-turn-${tag}-4-fix-call-1920x1080-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('echo')).toContainText(
    `Fixed: event ${k + 11} is West’s, not North’s. Event ${k + 12} now follows the turn: it is West’s`,
  );
  await expect(page.getByTestId('save')).toHaveText('All saved');
  expect(seatsOf(app, gameId).slice(k + 10)).toEqual(['W', 'W']);

  // ---- u takes the fix back (not the Two Crak), and says so; the fix typed again.
  await rec(page, 'u');
  await expect(page.getByTestId('undone')).toHaveText(
    `Undone: the fix: event ${k + 11} is again a pung of One Crak called by North; event ${k + 12} moved back`,
  );
  await expect(page.getByTestId('save')).toHaveText('All saved');
  expect(seatsOf(app, gameId).slice(k + 10)).toEqual(['N', 'N']);
  expect(app.store.loadEvents(gameId)).toHaveLength(k + 12);
  await app.screenshot(`table-turn-${tag}-5-undo-fix`);
  await rec(page, `fix ${k + 11} c w 3`);
  await expect(page.getByTestId('save')).toHaveText('All saved');
  expect(seatsOf(app, gameId).slice(k + 10)).toEqual(['W', 'W']);
  await expect(page.getByTestId('preview')).toHaveText(/^North \(Dot\) to play/);
  await app.screenshot(`table-turn-${tag}-6-fixed-call`);

  // ---- Play on, bare tiles: North's Three Crak, East's mah jongg on it.
  for (const l of ['3c', 'c e m', 'm e 30']) await rec(page, l);
  await expect(page.getByTestId('payout')).toBeVisible();
  // A fix of the ending still on the sheet points to u.
  await page.keyboard.type(`fix ${k + 15} m e 35`);
  await expect(page.getByTestId('preview')).toHaveText(
    `Event ${k + 15}, mah jongg by East (30), is not confirmed yet: type u to take it back, then type it as it should be`,
  );
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  expect(await sheetText(page)).toBe(rightSheet);
  await app.screenshot(`table-turn-${tag}-7-sheet`);
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();

  // ---- Dropping the confirmed mah jongg asks first, as u after ok does; Escape keeps it.
  await page.keyboard.type(`fix ${k + 15} drop`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('question')).toHaveText(
    'Game 1’s payouts are confirmed: this fix reopens its ending. Press Enter again to fix it; Escape keeps it as it is.',
  );
  await app.screenshot(`table-turn-${tag}-8-drop-asks`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('question')).toHaveCount(0);
  await expect(page.getByTestId('next-seating')).toBeVisible();
  await expect(page.getByTestId('save')).toHaveText('All saved');
  expect(app.store.loadEvents(gameId)).toHaveLength(k + 15);

  const after = await ledgerAndSettlement(page, app, session.id);
  await app.screenshot(`table-turn-${tag}-9-settlement`);
  expect(after.ledger).toEqual(rightAfter.ledger);
  expect(after.balances).toBe(rightAfter.balances);
  expect(after.settlement).toEqual(rightAfter.settlement);
  expect(after.engine).toEqual(rightAfter.engine);
  // Both recorded the same events (the forgotten discard's seat typed, the others the player in turn's).
  const rightGame = app.store.getSession(right.id)!.gameList[0]!.id;
  const strip = (id: number) => app.store.loadEvents(id).map(({ event }) => ({ ...event, implied: undefined }));
  expect(strip(gameId)).toEqual(strip(rightGame));
  return after;
};

test('4 players: a forgotten discard and a call for the wrong seat, each fixed with one line, equal the game typed right', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const r = await play(page, app, 4, '4p');
  // East wins on North's Three Crak: North pays double.
  expect(r.ledger[0]).toMatchObject({ winner: 'Ann', net: { Ann: 120, Bea: -30, Cy: -30, Dot: -60 } });
});

test('5 players with the bettor backing the winner: the same fixes, the same sheet, ledger and settlement', async ({ page, app }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const r = await play(page, app, 5, '5p');
  expect(r.ledger[0]).toMatchObject({ winner: 'Ann' });
  expect(r.ledger[0]!.net.Eve).toBeGreaterThan(0);
});
