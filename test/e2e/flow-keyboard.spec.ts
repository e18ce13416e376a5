import { replayGame, type GameState } from '../../src/core/game';
import type { GameEvent } from '../../src/core/events';
import { OFFICIAL_RULES } from '../../src/core/rules';
import { SEAT_NAMES, type Seat } from '../../src/core/seats';
import { tileName, TILES, type Tile } from '../../src/core/tiles';
import { expect, test, type MahjmateApp } from './harness';
import { engineOf } from './session-helpers';

/**
 * A whole game by keyboard alone, from the home screen and back to the next game: `n`, four
 * names and Enter, Enter to start, Enter to play at the table; then 70 discards with calls, a
 * joker exchange and a dead hand; mah jongg, `ok`, `next`. No mouse action anywhere.
 *
 * After every event the last recorded event is checked twice: in the database (the stored
 * log's last event) and on the table (what the screen shows for it: the live discard and who
 * threw it, the call, the closed window, the dead hand), and in the echo beside the command
 * line, which says what was stored and when ("Five Bam, East, 14:02:10").
 */

const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];
const NAMES: Record<Seat, string> = { E: 'Ann', S: 'Bea', W: 'Cy', N: 'Dot' };
const who = (s: Seat) => `${SEAT_NAMES[s]} (${NAMES[s]})`;

/** Tiles kept out of the plain discards: called or exchanged later, so no more than 4 are ever seen. */
const RESERVED: Tile[] = ['5B', '2C', '9D', 'J'];
const PLAIN = TILES.filter((t) => !RESERVED.includes(t));

const stored = (app: MahjmateApp, gameId: number): { events: GameEvent[]; state: GameState } => {
  const events = app.store.loadEvents(gameId).map((e) => e.event);
  const r = replayGame(events, { players: 4, rules: OFFICIAL_RULES, bettor: false });
  if (!r.ok) throw new Error(r.error.error.message);
  return { events, state: r.value };
};

test('home -> setup -> table -> 70 discards, calls, an exchange, a dead hand -> mah jongg -> ok -> next, by keyboard alone', async ({
  page,
  app,
}) => {
  test.setTimeout(300_000);
  // Any mouse action fails the test.
  const mouse: string[] = [];
  await page.exposeBinding('__mouse', (_src, what: string) => void mouse.push(what));
  await page.addInitScript(() => {
    for (const t of ['mousedown', 'click', 'pointerdown'])
      window.addEventListener(
        t,
        (e) => {
          // A keyboard Enter or Space on a button fires a click with detail 0 and no pointer: allowed.
          if ((e as MouseEvent).detail > 0 || e.type !== 'click') (window as unknown as { __mouse: (w: string) => void }).__mouse(e.type);
        },
        true,
      );
  });
  await page.reload();

  // ---- Home: one key for a new session.
  await expect(page.getByRole('button', { name: /New session/ })).toBeVisible();
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'New session', level: 1 })).toBeVisible();
  await expect(page.getByPlaceholder('New player’s name')).toBeFocused();

  // ---- Setup: Enter with nobody picked is refused with a sentence, never validator text.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Pick 3, 4 or 5 players.');
  expect(await app.call('listSessions')).toEqual([]);

  // ---- Setup: names and Enter; Enter on the empty line starts.
  for (const n of PLAYERS) {
    await page.keyboard.type(n);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: n, exact: true })).toHaveAttribute('aria-pressed', 'true');
  }
  // A fifth and a sixth: the fifth is picked (the bettor), the sixth waits on the list.
  await page.keyboard.type('Eve');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Eve', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Fay');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Fay', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('setup-note')).toHaveText(
    'Fay is not picked: a table holds 5 players at most (4 play, the 5th sits out and bets). Unpick someone first.',
  );
  // Eve was for the bettor's chair: taking her back by keyboard is Tab to her button and Space.
  await page.keyboard.type('Eve');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Eve is already picked (her button above unpicks her).');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  // The list is in name order (Ann ... Eve, Fay) just before the name field.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Eve', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Eve', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByPlaceholder('New player’s name')).toBeFocused();
  await app.screenshot('flow-setup-keyboard');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Session, / })).toBeVisible();

  // ---- The session: the way to the table has the focus.
  await expect(page.getByRole('button', { name: 'Play this game at the table' })).toBeFocused();
  await page.keyboard.press('Enter');
  const command = page.getByTestId('command');
  await expect(command).toBeFocused();
  const sessionId = (await app.call('listSessions'))[0]!.id;
  const gameId = (await app.call('getSession', { sessionId })).gameList[0]!.id;

  /** Record one line; the last stored event is `expected`, and the table shows it (`shows`). */
  const echo = page.getByTestId('echo');
  const step = async (
    line: string,
    expected: Partial<GameEvent> & { type: GameEvent['type'] },
    shows: () => Promise<unknown>,
    echoes?: RegExp,
  ) => {
    const before = stored(app, gameId).events.length;
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
    await expect(command, `"${line}" should be recorded`).toHaveValue('');
    await expect(page.getByTestId('save')).toHaveText('All saved');
    const after = stored(app, gameId).events;
    expect(after.length, `"${line}" stores its event`).toBeGreaterThan(before);
    expect(after.at(-1), `"${line}" is the last event`).toMatchObject(expected);
    if (echoes) await expect(echo, `"${line}" is echoed`).toHaveText(echoes);
    await shows();
  };
  const discard = async (tile: Tile) => {
    const seat = stored(app, gameId).state.turn;
    await step(
      tile.toLowerCase(),
      { type: 'discard', seat, tile },
      async () => {
        await expect(page.getByTestId('live')).toHaveAttribute('data-tile', tile);
        await expect(page.getByTestId('live').locator('.by')).toContainText(`by ${who(seat)}`);
        await expect(page.getByTestId('window')).toContainText('OPEN');
      },
      new RegExp(`^✓ ${tileName(tile)}, ${SEAT_NAMES[seat]}, \\d\\d:\\d\\d:\\d\\d · u undo$`),
    );
  };
  const call = async (seat: Seat, size: string, tile: Tile, exposure: Tile[]) =>
    step(
      `c ${seat.toLowerCase()} ${size}`,
      { type: 'call', seat, exposure },
      async () => {
        await expect(page.getByTestId('called')).toContainText(`${who(seat)} called the ${tileName(tile)}`);
        await expect(page.locator(`section[data-seat="${seat}"] .turnflag`)).toBeVisible();
      },
      new RegExp(`^✓ ${SEAT_NAMES[seat]} called a (pung|kong) of ${tileName(tile)}, \\d\\d:\\d\\d:\\d\\d`),
    );

  let discards = 0;
  let plain = 0;
  const next = (): Tile => PLAIN[plain++ % PLAIN.length]!;
  let exchanged = false;
  let dead = false;
  let eastCalled = false;

  // East opens with the Five Bam; West pungs it (South is skipped).
  await discard('5B');
  discards++;
  await call('W', '3', '5B', ['5B', '5B', '5B']);
  await expect(page.locator('section[data-seat="S"] .skip')).toHaveText('Skipped');
  // West throws the Two Crak; North kongs it with a joker.
  await discard('2C');
  discards++;
  await call('N', '4j1', '2C', ['2C', '2C', '2C', 'J']);

  while (discards < 70) {
    const { state } = stored(app, gameId);
    if (!exchanged && discards >= 10 && state.turn !== 'N') {
      // The player in turn gives the fourth Two Crak for North's joker: the window closes.
      const seat = state.turn;
      await step(
        'x n 2c',
        { type: 'jokerExchange', seat, from: 'N', tile: '2C' },
        async () => {
          await expect(page.getByTestId('window')).toHaveText('CLOSED');
          await expect(page.locator('section[data-seat="N"] .exposure [aria-label^="Joker"]')).toHaveCount(0);
        },
        new RegExp(`^✓ ${SEAT_NAMES[seat]} gave Two Crak for North’s joker, `),
      );
      exchanged = true;
    }
    if (!dead && discards >= 20) {
      // South's hand is called dead (agreed): she plays no more.
      await step(
        'd s',
        { type: 'dead', seat: 'S' },
        async () => {
          await expect(page.locator('section[data-seat="S"] .deadflag')).toBeVisible();
        },
        /^✓ South’s hand is dead, /,
      );
      dead = true;
    }
    const turn = stored(app, gameId).state.turn;
    if (!eastCalled && discards >= 30 && turn !== 'E') {
      // A Nine Dot, pung by East.
      await discard('9D');
      discards++;
      await call('E', '3', '9D', ['9D', '9D', '9D']);
      eastCalled = true;
      continue;
    }
    await discard(next());
    discards++;
  }
  expect({ exchanged, dead, eastCalled }).toEqual({ exchanged: true, dead: true, eastCalled: true });
  const beforeWin = stored(app, gameId);
  expect(beforeWin.events.filter((e) => e.type === 'discard')).toHaveLength(70);
  expect(beforeWin.state.status).toBe('in-progress');

  // ---- Mah jongg on the last discard, by a live player who did not throw it.
  const thrower = beforeWin.state.live!.seat;
  const winner = (['W', 'N', 'E'] as Seat[]).find((s) => s !== thrower)!;
  await page.keyboard.type(`m ${winner.toLowerCase()} 30`);
  await expect(page.getByTestId('preview')).toHaveText(`Mah jongg by ${who(winner)}: 30`);
  await page.keyboard.press('Enter');
  await expect(command).toHaveValue('');
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  await expect(sheet.getByRole('heading')).toHaveText(`Mah jongg: ${who(winner)} won 30, on ${who(thrower)}’s discard`);
  await expect(page.getByTestId('save')).toContainText('ending not confirmed');
  // Not in the log until confirmed; kept beside it for a restart.
  expect(stored(app, gameId).events.map((e) => e.type)).not.toContain('mahjong');
  expect((await app.call('stagedEnding', { gameId })).events).toEqual([
    expect.objectContaining({ type: 'mahjong', seat: winner, value: 30 }),
  ]);
  await app.screenshot('flow-keyboard-payout');

  await step('ok', { type: 'mahjong', seat: winner, value: 30 }, async () => {
    await expect(page.getByTestId('next-seating')).toBeVisible();
  });
  const engine = await engineOf(app, sessionId);
  expect(engine.games[0]).toMatchObject({ status: 'mahjong', winner, discarder: thrower });

  // ---- next: game 2, the command line still has the focus.
  await page.keyboard.type('next');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Game 2' })).toBeVisible();
  await expect(command).toBeFocused();
  expect((await app.call('getSession', { sessionId })).gameList).toHaveLength(2);

  // ---- And back: home, where game 2 is offered; r returns to it.
  await page.keyboard.type('home');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('resume')).toContainText('Game 2 in progress, Ann’s table');
  await page.keyboard.press('r');
  await expect(page.getByRole('heading', { name: 'Game 2' })).toBeVisible();
  await expect(command).toBeFocused();
  expect(mouse, 'no mouse action anywhere').toEqual([]);
});
