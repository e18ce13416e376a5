import { expect, test } from 'vitest';
import { parseRecord, replaySession } from '../../src/core/record';
import type { Ledger } from '../../src/shared/contract/session';
import type { ExportedRecord, SessionSummary } from '../../src/shared/types';
import { eventsOf, endedByErrors, problemOf, type QuickEntry } from '../../src/renderer/components/session/quickLine';
import { useServices } from './fixture';

const f = useServices();
const call = f.call;
const value = f.value;
const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'], stakes: { centsPerPoint: 1 } };
const SEATS = ['E', 'S', 'W', 'N'] as const;

test('the form’s errors become events in play order; the three-dead ones need no winner', () => {
  const c: QuickEntry = {
    jokerless: false,
    errors: [
      { kind: 'mahjongInError', seat: 'S', exposed: true, value: 30 },
      { kind: 'dead', seat: 'W' },
      { kind: 'dead', seat: 'N' },
    ],
  };
  expect(endedByErrors(c, SEATS)).toBe(true);
  expect(problemOf(c, SEATS)).toBeNull();
  expect(eventsOf(c, SEATS)).toEqual([
    { type: 'mahjongInError', seat: 'S', exposed: true, value: 30 },
    { type: 'dead', seat: 'W' },
    { type: 'dead', seat: 'N' },
  ]);
  // Two dead of four: play went on, so a winner (alive) is still needed.
  const two: QuickEntry = { jokerless: false, errors: c.errors!.slice(0, 2) };
  expect(endedByErrors(two, SEATS)).toBe(false);
  expect(problemOf(two, SEATS)).toMatch(/choose the winner/);
  expect(problemOf({ ...two, winner: 'S', value: 25, from: 'E' }, SEATS)).toMatch(/dead hand cannot win/);
  // Not exposed: no penalty, she can still win.
  const hidden: QuickEntry = { jokerless: false, winner: 'S', value: 25, from: 'E', errors: [{ kind: 'mahjongInError', seat: 'S', exposed: false }] };
  expect(problemOf(hidden, SEATS)).toBeNull();
  expect(problemOf({ ...c, winner: 'E', value: 25, from: 'self' }, SEATS)).toMatch(/already end the game/);
  expect(problemOf({ jokerless: false, errors: [{ kind: 'brokeWall', seat: 'E' }] }, SEATS)).toMatch(/only after an exposed mah jongg in error/);
  expect(problemOf({ jokerless: false, errors: [{ kind: 'mahjongInError', seat: 'E', exposed: true, value: 7 }] }, SEATS)).toMatch(/25 to 1000/);
});

test('quick scoring ends a game by three dead (rules c and d) and the ledger is the engine’s; errors that leave two alive are refused, nothing written', async () => {
  const s = await value<SessionSummary>('setupSession', { setup: four });
  const refused = await call('quickScore', { sessionId: s.id, events: [{ type: 'mahjongInError', seat: 'S', exposed: true, value: 30 }, { type: 'dead', seat: 'W' }] });
  expect(refused.ok).toBe(false);
  if (!refused.ok) expect(refused.error.message).toMatch(/does not end the game.*more than one hand alive/);
  expect(f.store.getSession(s.id)!.gameList).toEqual([]);

  // Game 1 (E Ann, S Bea, W Cy, N Dot): Bea errs exposed on a 30 hand, Cy and Dot throw in: (c), Bea pays Ann 60.
  await value('quickScore', { sessionId: s.id, events: [{ type: 'mahjongInError', seat: 'S', exposed: true, value: 30 }, { type: 'dead', seat: 'W' }, { type: 'dead', seat: 'N' }] });
  // Game 2 (E Bea, S Cy, W Dot, N Ann): Cy errs exposed, Dot breaks the wall: (d), Dot pays Bea and Ann 25 each.
  await value('quickScore', { sessionId: s.id, events: [{ type: 'mahjongInError', seat: 'S', exposed: true }, { type: 'dead', seat: 'W', cause: 'broke-wall' }] });
  const l = await value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(l.games.map((g) => g.status)).toEqual(['three-dead', 'three-dead']);
  expect(l.games[0]!.lines.map((x) => [x.from, x.to, x.points])).toEqual([['Bea', 'Ann', 60]]);
  expect(l.games[1]!.lines.map((x) => [x.from, x.to, x.points]).sort()).toEqual([['Dot', 'Ann', 25], ['Dot', 'Bea', 25]]);
  const rec = parseRecord((await value<ExportedRecord>('exportSession', { sessionId: s.id })).text);
  const engine = replaySession(rec.ok ? rec.value : (() => { throw new Error('bad export'); })());
  if (!engine.ok) throw new Error('the stored session does not replay');
  expect(Object.fromEntries(l.balances.map((b) => [b.name, b.points]))).toEqual(engine.value.session.net);
  expect(engine.value.session.net).toEqual({ Ann: 85, Bea: -35, Cy: 0, Dot: -50 });
});
