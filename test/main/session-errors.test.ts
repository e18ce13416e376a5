import { expect, test } from 'vitest';
import { parseRecord, replaySession } from '../../src/core/record';
import type { Ledger } from '../../src/shared/contract/session';
import type { ExportedRecord, SessionSummary } from '../../src/shared/types';
import type { GameEvent } from '../../src/core/events';
import { replayGame } from '../../src/core/game';
import { gameSetupOf } from '../../src/core/gameSetup';
import { judgeQuick, type QuickEntry } from '../../src/renderer/components/session/quickLine';
import { useServices } from './fixture';

const f = useServices();
const call = f.call;
const value = f.value;
const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'], stakes: { centsPerPoint: 1 } };
const TABLE = gameSetupOf({ seating: four.seating }, {});
/** The reducer's sentence for a log it refuses. */
const refusalOf = (events: GameEvent[]): string => {
  const r = replayGame(events, TABLE);
  if (r.ok) throw new Error('the reducer accepted it');
  return r.error.error.message;
};

test('the form’s errors become events in play order; the reducer says when they end the game and what it refuses', () => {
  const c: QuickEntry = {
    jokerless: false,
    errors: [
      { kind: 'mahjongInError', seat: 'S', exposed: true, value: 30 },
      { kind: 'dead', seat: 'W' },
      { kind: 'dead', seat: 'N' },
    ],
  };
  expect(judgeQuick(c, TABLE)).toEqual({
    events: [
      { type: 'mahjongInError', seat: 'S', exposed: true, value: 30 },
      { type: 'dead', seat: 'W' },
      { type: 'dead', seat: 'N' },
    ],
    problem: null,
    endedByErrors: true,
    dead: ['S', 'W', 'N'],
  });
  // Two dead of four: play went on, so a winner (alive) is still needed.
  const two: QuickEntry = { jokerless: false, errors: c.errors!.slice(0, 2) };
  expect(judgeQuick(two, TABLE)).toMatchObject({ endedByErrors: false, problem: 'choose the winner', dead: ['S', 'W'] });
  // The reducer's own refusals: a dead hand cannot win; rule (d) needs an exposed mah jongg in error first.
  const deadWins = judgeQuick({ ...two, winner: 'S', value: 25, from: 'E' }, TABLE).problem;
  expect(deadWins).not.toBeNull();
  expect(deadWins).toBe(
    refusalOf([...judgeQuick(two, TABLE).events, { type: 'mahjong', seat: 'S', value: 25, jokerless: false, from: 'E' }]),
  );
  // Not exposed: no penalty, she can still win.
  const hidden: QuickEntry = {
    jokerless: false,
    winner: 'S',
    value: 25,
    from: 'E',
    errors: [{ kind: 'mahjongInError', seat: 'S', exposed: false }],
  };
  expect(judgeQuick(hidden, TABLE).problem).toBeNull();
  expect(judgeQuick({ ...c, winner: 'E', value: 25, from: 'self' }, TABLE).problem).toMatch(/already end the game/);
  expect(judgeQuick({ jokerless: false, errors: [{ kind: 'brokeWall', seat: 'E' }] }, TABLE).problem).toMatch(
    /only after a mah jongg in error/,
  );
  // A 3-player table has no North.
  expect(
    judgeQuick({ jokerless: false, winner: 'N', value: 25, from: 'E' }, gameSetupOf({ seating: ['A', 'B', 'C'] }, {})).problem,
  ).not.toBeNull();
});

test('quick scoring ends a game by three dead (rules c and d) and the ledger is what the rules give by hand; errors that leave two alive are refused, nothing written', async () => {
  const s = await value<SessionSummary>('setupSession', { setup: four });
  const refused = await call('quickScore', {
    sessionId: s.id,
    events: [
      { type: 'mahjongInError', seat: 'S', exposed: true, value: 30 },
      { type: 'dead', seat: 'W' },
    ],
  });
  expect(refused.ok).toBe(false);
  if (!refused.ok) expect(refused.error.message).toMatch(/does not end the game.*more than one hand alive/);
  expect(f.store.getSession(s.id)!.gameList).toEqual([]);

  // Game 1 (E Ann, S Bea, W Cy, N Dot): Bea errs exposed on a 30 hand, Cy and Dot throw in: (c), Bea pays Ann 60.
  await value('quickScore', {
    sessionId: s.id,
    events: [
      { type: 'mahjongInError', seat: 'S', exposed: true, value: 30 },
      { type: 'dead', seat: 'W' },
      { type: 'dead', seat: 'N' },
    ],
  });
  // Game 2 (E Bea, S Cy, W Dot, N Ann): Cy errs exposed, Dot breaks the wall: (d), Dot pays Bea and Ann 25 each.
  await value('quickScore', {
    sessionId: s.id,
    events: [
      { type: 'mahjongInError', seat: 'S', exposed: true },
      { type: 'dead', seat: 'W', cause: 'broke-wall' },
    ],
  });
  const l = await value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(l.games.map((g) => g.status)).toEqual(['three-dead', 'three-dead']);
  expect(l.games[0]!.lines.map((x) => [x.from, x.to, x.points])).toEqual([['Bea', 'Ann', 60]]);
  expect(l.games[1]!.lines.map((x) => [x.from, x.to, x.points]).sort()).toEqual([
    ['Dot', 'Ann', 25],
    ['Dot', 'Bea', 25],
  ]);
  const rec = parseRecord((await value<ExportedRecord>('exportSession', { sessionId: s.id })).text);
  const engine = replaySession(
    rec.ok
      ? rec.value
      : (() => {
          throw new Error('bad export');
        })(),
  );
  if (!engine.ok) throw new Error('the stored session does not replay');
  // Worked by hand from the two games above, and the exported record replays to the same.
  expect(Object.fromEntries(l.balances.map((b) => [b.name, b.points]))).toEqual({ Ann: 85, Bea: -35, Cy: 0, Dot: -50 });
  expect(engine.value.session.net).toEqual({ Ann: 85, Bea: -35, Cy: 0, Dot: -50 });
});
