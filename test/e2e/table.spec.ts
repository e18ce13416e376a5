import { replayGame } from '../../src/core/game';
import { OFFICIAL_RULES } from '../../src/core/rules';
import { TILES } from '../../src/core/tiles';
import { expect, test, type MahjmateApp, type Page } from './harness';
import { engineOf } from './session-helpers';
import { axe } from './axe';
import { rec } from './table-keys';

/**
 * Three complete games played at the table screen with the keyboard alone (the command line),
 * against the real services on a real SQLite file: calls with a skipped seat, a joker exchange,
 * a disputed dead-hand challenge settled at the end, an undo, refusals that keep the typed
 * line, a discard win, a self-pick, a mah jongg in error, and a wall game after 100 discards.
 * The screen is checked against the engine's state; after a reload the game resumes from
 * what was stored.
 */

const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];

/** Type a line into the command line and press Enter; expect it recorded (the line clears). */
/** Type a line the engine refuses: its sentence shows and the line keeps what was typed. */
const refused = async (page: Page, line: string, sentence: string | RegExp, shot?: () => Promise<unknown>): Promise<void> => {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('refusal')).toContainText(sentence);
  await expect(page.getByTestId('command')).toHaveValue(line);
  await shot?.();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command')).toHaveValue('');
};

const saved = async (page: Page) => expect(page.getByTestId('save')).toHaveText('All saved');

/** The stored log of a game, folded by the engine as main does. */
const storedState = (app: MahjmateApp, gameId: number) => {
  const events = app.store.loadEvents(gameId).map((e) => e.event);
  const info = app.store.getGame(gameId)!;
  const players = Object.keys(info.seating).length as 3 | 4;
  const r = replayGame(events, { players, rules: OFFICIAL_RULES, bettor: info.bettor !== undefined });
  if (!r.ok) throw new Error(r.error.error.message);
  return { events, state: r.value };
};

/** The screen shows what the engine holds: wall count, whose turn, exposures, dead hands, live discard. */
const expectScreenIs = async (page: Page, app: MahjmateApp, gameId: number): Promise<void> => {
  await saved(page);
  const { state } = storedState(app, gameId);
  await expect(page.getByTestId('wall').locator('.count')).toHaveText(String(state.wallRemaining));
  for (const seat of state.seats) {
    const box = page.locator(`.felt section[data-seat="${seat}"]`);
    await expect(box.locator('.exposure')).toHaveCount(state.exposures[seat].length);
    for (const [i, x] of state.exposures[seat].entries())
      await expect(box.locator('.exposure').nth(i).getByRole('img')).toHaveCount(x.tiles.length);
    await expect(box.locator('.deadflag')).toHaveCount(state.dead[seat] ? 1 : 0);
    await expect(box.locator('.turnflag')).toHaveCount(state.status === 'in-progress' && state.turn === seat ? 1 : 0);
  }
  if (state.live) {
    await expect(page.getByTestId('live')).toHaveAttribute('data-tile', state.live.tile);
    await expect(page.getByTestId('live')).toHaveAttribute('data-window', state.live.window);
  }
  await expect(page.locator('.floor li')).toHaveCount(state.floor.filter((f) => f.claimedBy === undefined).length);
};

const openTable = async (page: Page, sessionId: number): Promise<number> => {
  await page.locator('button.session').first().click();
  await expect(page.getByRole('heading', { name: /^Session/, level: 1 })).toBeVisible();
  const cont = page.getByRole('button', { name: 'Continue at the table' });
  if (await cont.isVisible()) await cont.click();
  else await page.getByRole('button', { name: 'Play this game at the table' }).click();
  await expect(page.getByTestId('command')).toBeFocused();
  const l = await page.evaluate(
    async (id) => (await window.mahjmate.sessionLedger({ sessionId: id })) as { ok: true; value: { openGame: { id: number } } },
    sessionId,
  );
  return l.value.openGame.id;
};

test('three games at the table by keyboard: calls, exchange, challenge, undo, discard win, self-pick, wall game', async ({ page, app }) => {
  test.setTimeout(240_000);
  const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
  await page.reload();
  let gameId = await openTable(page, session.id);
  await app.screenshot('table-start');

  // ---- Game 1: Ann E, Bea S, Cy W, Dot N.
  const preview = page.getByTestId('preview');
  await page.keyboard.type('5b');
  await expect(preview).toHaveText('Discard Five Bam by East (Ann)');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command')).toHaveValue('');
  // The echo beside the line says what was stored, when, and how to take it back.
  await expect(page.getByTestId('echo')).toContainText(/Five Bam, East, \d\d:\d\d:\d\d/);
  await expect(page.getByTestId('echo').locator('kbd')).toHaveText('u');
  await expect(page.getByTestId('live')).toHaveAttribute('data-window', 'open');
  await expect(page.getByTestId('window')).toContainText('OPEN');
  await app.screenshot('table-window-open');

  // West calls a pung of the Five Bam: South is skipped, the turn goes to West.
  await page.keyboard.type('c w 3');
  await expect(preview).toHaveText('West (Cy) calls the Five Bam for a pung');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('called')).toContainText('West (Cy) called the Five Bam');
  await expect(page.locator('section[data-seat="S"] .skip')).toHaveText('Skipped');
  await expect(page.locator('section[data-seat="S"] .skip')).not.toHaveCSS('text-decoration-line', 'line-through');
  await expect(page.getByTestId('echo')).toContainText('West called a pung of Five Bam');
  await expect(page.locator('section[data-seat="W"] .turnflag')).toBeVisible();
  await app.screenshot('table-call-skipped');
  await rec(page, '2c');
  // North calls a kong of Two Crak with one joker; a second call at the same moment by South loses (nearer in turn).
  await rec(page, 'c n 4j1');
  await rec(page, 'c s 3 t');
  await expect(page.getByTestId('priority')).toContainText('North is nearer in turn than South');
  await app.screenshot('table-call-priority');
  await expect(page.locator('section[data-seat="N"] .exposure')).toHaveAttribute('aria-label', /kong of Two Crak with 1 joker/);
  await rec(page, 'n');
  // A refusal keeps the line: West has no joker to exchange for. (The store is read once the app
  // says North's discard is saved: the screen is drawn first, then the write is sent.)
  await saved(page);
  const before = app.store.loadEvents(gameId).length;
  await refused(page, 'x w 5b', 'West has no exposed joker standing for Five Bam', () => app.screenshot('table-refused'));
  expect(app.store.loadEvents(gameId)).toHaveLength(before);
  // East gives a Two Crak for North's joker (her pick is implied): the window on North closes.
  await rec(page, 'x n 2c');
  await expect(page.getByTestId('window')).toHaveText('CLOSED');
  await expect(page.locator('.hint')).toContainText('East exchanged for a joker');
  await expect(page.locator('section[data-seat="N"] .exposure [aria-label^="Joker"]')).toHaveCount(0);
  await app.screenshot('table-joker-exchange');
  await rec(page, '7d');
  // Undo the Seven Dot and record it again.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('undone')).toHaveText('Undone: Seven Dot by East');
  await expect(page.locator('section[data-seat="E"] .turnflag')).toBeVisible();
  await app.screenshot('table-undo');
  await rec(page, '7d');
  await expectScreenIs(page, app, gameId);

  // Restart main and reload the page mid-game: the table comes back from the stored log.
  await app.reload();
  await openTable(page, session.id);
  await expectScreenIs(page, app, gameId);
  await expect(page.getByTestId('live')).toHaveAttribute('data-tile', '7D');

  // South challenges North's hand; North disputes: she plays on.
  await rec(page, 'd n s ?');
  await expect(page.locator('section[data-seat="N"] .dispute')).toContainText('South challenged');
  await app.screenshot('table-dispute');
  await rec(page, '3d'); // South (implied pick)
  // North wins 40 on South's Three Dot: the engine infers a discard win.
  await page.keyboard.type('m n 40');
  await expect(preview).toHaveText('Mah jongg by North (Dot): 40');
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  await expect(sheet.getByRole('heading')).toHaveText('Mah jongg: North (Dot) won 40, on South (Bea)’s discard');
  await expect(sheet).toContainText('South threw the winning tile: 2 x 40');
  await expect(page.getByTestId('save')).toContainText('ending not confirmed');
  // The dispute is settled at the end: South's challenge was wrong, she pays the penalty.
  await rec(page, 'd n s n');
  await expect(sheet.locator('tr[data-line]')).toHaveCount(4);
  await expect(sheet.locator('tr[data-line="3"]')).toContainText('Bea');
  await expect(sheet.locator('tr[data-line="3"] .pts')).toHaveText('50');
  await app.screenshot('table-payout-sheet');
  await expect(page.getByTestId('save')).toContainText('All saved'); // (the ending waits, unsent: "· ending not confirmed")
  await expect(app.store.loadEvents(gameId).map((e) => e.event.type)).not.toContain('mahjong');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  await expect(page.getByTestId('next-seating').locator('li[data-seat="E"] strong')).toHaveText('Bea');
  await app.screenshot('table-next-seating');
  let engine = await engineOf(app, session.id);
  expect(engine.games[0]).toMatchObject({ status: 'mahjong', winner: 'N', discarder: 'S' });
  expect(engine.session.net).toEqual({ Ann: -40, Bea: -80 - 50, Cy: -40, Dot: 160 + 50 });
  const g1 = storedState(app, gameId);
  expect(g1.events.filter((e) => e.type === 'retract')).toHaveLength(1);
  expect(g1.state.challenges).toEqual([expect.objectContaining({ challenger: 'S', challenged: 'N', status: 'wrong' })]);

  // ---- Game 2: Bea E, Cy S, Dot W, Ann N. A mah jongg in error (not exposed), then a jokerless self-pick.
  await rec(page, 'next');
  await expect(page.getByRole('heading', { name: 'Game 2' })).toBeVisible();
  gameId = Number((await app.call('getSession', { sessionId: session.id })).gameList.at(-1)!.id);
  await expect(page.locator('section[data-seat="E"] .name')).toHaveText('Bea');
  await refused(page, 'p', 'East opens with a discard; nobody picks before it');
  await rec(page, 'f');
  await rec(page, 'err w');
  await rec(page, 'p');
  await page.keyboard.type('m s 30 j');
  await expect(preview).toHaveText('Mah jongg by South (Cy): 30, jokerless');
  await page.keyboard.press('Enter');
  await expect(sheet.getByRole('heading')).toHaveText('Mah jongg: South (Cy) won 30, self-picked (jokerless)');
  await expect(sheet.locator('tr[data-line]')).toHaveCount(3);
  await app.screenshot('table-self-pick');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  engine = await engineOf(app, session.id);
  expect(engine.games[1]).toMatchObject({ status: 'mahjong', winner: 'S', selfPick: true });
  expect(engine.games[1]!.net).toEqual({ Bea: -120, Cy: 360, Dot: -120, Ann: -120 });
  await rec(page, 'next');

  // ---- Game 3: a wall game. 100 discards (East's opening one and 99 picks), the last wall shown.
  await expect(page.getByRole('heading', { name: 'Game 3' })).toBeVisible();
  gameId = Number((await app.call('getSession', { sessionId: session.id })).gameList.at(-1)!.id);
  // Four Norths first (North is then dead), then every other kind but the joker in turn: at most 3 of each.
  const others = TILES.filter((t) => t !== 'N' && t !== 'J').map((t) => t.toLowerCase());
  const discards = [...['n', 'n', 'n', 'n'], ...Array.from({ length: 96 }, (_, i) => others[i % others.length]!)];
  for (const t of discards.slice(0, 85)) await rec(page, t);
  await expect(page.getByTestId('wall').locator('.count')).toHaveText('15');
  await expect(page.locator('.lastwall')).toHaveCount(0);
  await rec(page, discards[85]!);
  await expect(page.locator('.lastwall')).toHaveText('Last wall in play');
  await app.screenshot('table-last-wall');
  await refused(page, 'wall', '14 tiles are still in the wall: it is not a wall game yet');
  for (const t of discards.slice(86)) await rec(page, t);
  await expect(page.getByTestId('wall').locator('.count')).toHaveText('0');
  await refused(page, '4d', 'The wall is empty');
  await rec(page, 'wall');
  await expect(sheet.getByRole('heading')).toHaveText('Wall game: no payments');
  await app.screenshot('table-wall-game');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();

  // The dead-tile board during review of the finished game, stepped back to mid-game.
  await page.getByLabel('Review step by step').check();
  // The board leads with the dead kinds, then those with one left.
  await expect(page.locator('button[data-kind="N"]')).toHaveClass(/deadk/);
  await expect(page.locator('[data-testid="dead-tiles"] button[data-kind]').first()).toHaveAttribute('data-kind', 'N');
  await app.screenshot('table-dead-tiles-review');
  const range = page.getByRole('slider', { name: 'Event' });
  await range.focus();
  await page.keyboard.press('Home');
  await expect(page.locator('.deadk, .onek')).toHaveCount(0); // nothing discarded yet: no kind below 2 unseen
  await expect(page.locator('[data-group="dead"], [data-group="one"]')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('button[data-kind="N"]')).toHaveAccessibleName('North: 3 discarded, 0 exposed, 1 unseen');
  await expect(page.locator('button[data-kind="N"]')).toHaveClass(/onek/);
  await expect(page.locator('[data-testid="dead-tiles"] button[data-kind]').first()).toHaveAttribute('data-kind', 'N');
  await page.keyboard.press('End');
  await expect(page.locator('button[data-kind="N"]')).toHaveClass(/deadk/);

  engine = await engineOf(app, session.id);
  expect(engine.games.map((g) => g.status)).toEqual(['mahjong', 'mahjong', 'wall']);
  const g3 = storedState(app, gameId);
  expect(g3.events.filter((e) => e.type === 'discard')).toHaveLength(100);
  expect(g3.state.wallRemaining).toBe(0);
  expect(g3.state.tiles.N).toEqual({ discarded: 4, exposed: 0, unseen: 0 });
  for (const t of TILES) expect(g3.state.tiles[t].unseen).toBeGreaterThanOrEqual(0);

  // After a reload the session ledger equals the engine.
  await app.reload();
  await page.locator('button.session').first().click();
  await expect(page.getByRole('heading', { name: 'Ledger after 3 games' })).toBeVisible();
  for (const [name, points] of Object.entries(engine.session.net))
    await expect(page.getByRole('table', { name: 'Balances' }).locator(`tr[data-player="${name}"] .points`)).toHaveText(
      points > 0 ? `+${points}` : points < 0 ? `−${-points}` : '0',
    );
});

test('5 players: the bettor and her seat, an out-of-turn discard that wins pays 4x alone, bettor lines on the sheet', async ({
  page,
  app,
}) => {
  const players = ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'];
  const session = await app.call('setupSession', { setup: { players, seating: players.slice(0, 4), bettor: 'Eve' } });
  await page.reload();
  const gameId = await openTable(page, session.id);
  await expect(page.getByRole('region', { name: 'Bettor: Eve' })).toContainText('has not bet');
  await rec(page, 'b s');
  await expect(page.locator('section[data-seat="S"] .bet')).toHaveText('Bettor’s pick');
  await expect(page.getByRole('region', { name: 'Bettor: Eve' })).toContainText('backs South (Bea)');
  await rec(page, '5b');
  await page.keyboard.type('n 9d');
  await expect(page.getByTestId('preview')).toHaveText('Discard Nine Dot by North (Dot) (out of turn: it is South’s turn)');
  await expect(page.getByTestId('out-of-turn')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('live')).toContainText('out of turn');
  await expect(page.getByTestId('echo')).toContainText('Nine Dot, North · OUT OF TURN');
  await expect(page.getByTestId('out-of-turn')).toHaveCount(0);
  await refused(page, 'b w', 'The bettor must bet before East');
  await rec(page, 'm s 30');
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  await expect(sheet.getByRole('heading')).toHaveText('Mah jongg: South (Bea) won 30, on North (Dot)’s discard');
  await expect(sheet.locator('tr[data-line]')).toHaveCount(2);
  await expect(sheet.locator('tr[data-line="0"]')).toContainText('North discarded out of turn');
  await expect(sheet.locator('tr.bettor')).toContainText('Eve');
  await app.screenshot('table-five-bettor-payout');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating').locator('li[data-seat="bettor"] strong')).toHaveText('Ann');
  const engine = await engineOf(app, session.id);
  expect(engine.games[0]).toMatchObject({ status: 'mahjong', winner: 'S', discarder: 'N', betOn: 'S' });
  expect(engine.games[0]!.net).toEqual({ Ann: 0, Bea: 120, Cy: 0, Dot: -240, Eve: 120 });
  expect(storedState(app, gameId).events).toHaveLength(4);
});

test('a pie caps the payout sheet: the loser pays what is left of her pie', async ({ page, app }) => {
  const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS, pie: { points: 30 } } });
  await page.reload();
  await openTable(page, session.id);
  await rec(page, '5b');
  await rec(page, 'm s 50');
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  await expect(sheet.locator('tr[data-line="0"]')).toContainText('East threw the winning tile: 2 x 50');
  await expect(sheet.locator('tr[data-line="0"] .pts')).toHaveText('30 100 pie cap');
  await expect(sheet.locator('tr[data-line="1"] .pts')).toHaveText('30 50 pie cap');
  await app.screenshot('table-pie-cap');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible(); // confirmed and saved
  const engine = await engineOf(app, session.id);
  expect(engine.games[0]!.net).toEqual({ Ann: -30, Bea: 90, Cy: -30, Dot: -30 });
});

test('with chips, the payout sheet says what each player hands over in chips, as the ledger does', async ({ page, app }) => {
  await app.call('setupSession', {
    setup: { players: PLAYERS, seating: PLAYERS, stakes: { centsPerPoint: 2.5 }, pie: { points: 200 } },
    chips: [
      { colour: 'blue', points: 10 },
      { colour: 'white', points: 1 },
    ],
  });
  await page.reload();
  await openTable(page, (await app.call('listSessions', { limit: 1 }))[0]!.id);
  const header = page.locator('header.bar');
  const saveBox = page.getByTestId('save');
  await rec(page, '5b');
  const before = { header: await header.boundingBox(), save: await saveBox.boundingBox() };
  await rec(page, 'm s 25');
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  // The header does not wrap or move when the save state says the ending is not confirmed.
  await expect(saveBox).toContainText('ending not confirmed');
  expect({ header: await header.boundingBox(), save: await saveBox.boundingBox() }).toEqual(before);
  // East threw the winning tile: 2 x 25 = 50; West and North pay 25 each.
  await expect(sheet.locator('tr[data-line="0"] [data-testid="in-chips"]')).toHaveText('Ann pays Bea 5 blue');
  await expect(sheet.locator('tr[data-line="1"] [data-testid="in-chips"]')).toHaveText('Cy pays Bea 2 blue + 5 white');
  await expect(sheet.locator('tr[data-line="2"] [data-testid="in-chips"]')).toHaveText('Dot pays Bea 2 blue + 5 white');
  // The confirm sits next to the command line, in view without scrolling.
  await expect(page.getByRole('button', { name: 'Confirm payouts (ok)' })).toBeInViewport({ ratio: 1 });
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  await expect(page.getByTestId('echo')).toContainText('Payouts confirmed and saved');
  await saved(page);
  expect({ header: await header.boundingBox(), save: await saveBox.boundingBox() }).toEqual(before);
});

test('house rules on the table are said in words, never by their switch names', async ({ page, app }) => {
  await app.call('setupSession', {
    setup: {
      players: PLAYERS,
      seating: PLAYERS,
      stakes: { centsPerPoint: 1 },
      rules: { wrongChallengerDead: true, pivot: false, threeDeadRuleD: '25total' },
    },
  });
  await page.reload();
  await openTable(page, (await app.call('listSessions', { limit: 1 }))[0]!.id);
  const rules = page.getByLabel('House rules in force');
  await expect(rules).toContainText('A wrong challenger’s own hand becomes dead.');
  await expect(rules).toContainText('Three dead hands after the wall was broken the wall-breaker pays 25 shared among the survivors.');
  await expect(rules).toContainText('No pivot swap.');
  await expect(rules).not.toContainText(/wrongChallengerDead|threeDeadRuleD|pivot =|= true/);
  // On screen, how many; each whole in the list that opens under it (and on hover), never cut.
  await expect(rules.locator('summary')).toHaveText('3 house rules');
  await expect(rules).toHaveAttribute('title', /A wrong challenger’s own hand becomes dead/);
  await rules.locator('summary').click();
  const list = rules.locator('li');
  await expect(list).toHaveCount(3);
  for (const li of await list.all()) {
    await expect(li).toBeInViewport({ ratio: 1 });
    expect(await li.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), 'a rule spills out of the list').toBe(true);
  }
});

test('mah jongg in error, exposed: her hand is dead and she still pays; an ending undone before confirming', async ({ page, app }) => {
  const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
  await page.reload();
  const gameId = await openTable(page, session.id);
  await rec(page, '5b');
  await rec(page, 'err s x 40');
  await expect(page.locator('section[data-seat="S"] .deadflag')).toBeVisible();
  await expect(page.locator('section[data-seat="W"] .turnflag')).toBeVisible();
  await expect(page.getByTestId('window')).toHaveText('CLOSED');
  await app.screenshot('table-mahjong-in-error');
  await refused(page, 'm w 30', 'West cannot declare mah jongg now: she has not picked');
  await rec(page, 'm w 30 self');
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  await expect(sheet.getByRole('heading')).toHaveText('Mah jongg: West (Cy) won 30, self-picked');
  await expect(sheet.locator('tr[data-line]')).toHaveCount(3);
  // Undo before confirming: nothing of the ending was stored.
  await rec(page, 'u');
  await expect(page.getByTestId('undone')).toHaveText('Undone: mah jongg by West (30)');
  await expect(sheet).toHaveCount(0);
  await saved(page);
  expect(app.store.loadEvents(gameId).map((e) => e.event.type)).toEqual(['discard', 'mahjongInError']);
  await rec(page, 'm w 30 self');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  const engine = await engineOf(app, session.id);
  expect(engine.games[0]!.net).toEqual({ Ann: -60, Bea: -60, Cy: 180, Dot: -60 });
});

test.describe('accessibility', () => {
  // axe-core is injected with addScriptTag; the page's CSP (no inline script) would block it.
  test.use({ bypassCSP: true });
  test('the table screen has no serious or critical accessibility problems, light and dark', async ({ page, app }) => {
    const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
    await page.reload();
    await openTable(page, session.id);
    await rec(page, '5b');
    await rec(page, 'c w 4j1');
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: /^Switch to/ }).click();
    await app.screenshot('table-dark');
    expect(await axe(page)).toEqual([]);
    // The payout sheet and the next seating, in dark.
    await rec(page, 'm w 30');
    await expect(page.getByRole('region', { name: 'Payout sheet' })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await rec(page, 'ok');
    await expect(page.getByTestId('next-seating')).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await app.screenshot('table-next-seating-dark');
  });
});
