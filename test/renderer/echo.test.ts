import { expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { undoneBy } from '../../src/core/amend';
import { replayGame } from '../../src/core/game';
import { OFFICIAL_RULES } from '../../src/core/rules';
import { echoOf, recentEvents } from '../../src/renderer/screens/Table/echo';

const SETUP = { players: 4, rules: OFFICIAL_RULES, bettor: false } as const;
const play = (events: GameEvent[]) => {
  const r = replayGame(events, SETUP);
  if (!r.ok) throw new Error(r.error.error.message);
  return r.value;
};
const AT = new Date(2026, 0, 3, 14, 2, 10);

test('the echo says the tile, the seat and the time; an out-of-turn discard is marked', () => {
  const e1: GameEvent = { type: 'discard', seat: 'E', tile: '5B' };
  expect(echoOf(e1, play([e1]), AT)).toEqual({ text: 'Five Bam, East', time: '14:02:10', outOfTurn: false });
  // South's turn, North throws a North.
  const e2: GameEvent = { type: 'discard', seat: 'N', tile: 'N' };
  expect(echoOf(e2, play([e1, e2]), AT)).toEqual({ text: 'North, North', time: '14:02:10', outOfTurn: true });
});

test('other events in words; a challenge says whether it is disputed, upheld or wrong; the last events newest first', () => {
  const log: GameEvent[] = [
    { type: 'discard', seat: 'E', tile: '5B' },
    { type: 'dead', seat: 'N', by: 'S', disputed: true },
    { type: 'retract' },
  ];
  expect(echoOf(log[1]!, null, AT).text).toBe('South challenged North’s hand (disputed, she plays on)');
  expect(echoOf({ type: 'call', seat: 'W', exposure: ['5B', 'J', '5B', '5B'] }, null, AT).text).toBe('West called a kong of Five Bam');
  expect(echoOf({ type: 'dead', seat: 'N', by: 'S', upheld: false }, null, AT).text).toBe('South challenged North’s hand (wrong)');
  // Issue 25: an undo is not listed as an event, and the event it took back is labelled undone.
  expect(recentEvents(log, 2)).toEqual([
    { n: 2, text: 'South challenged North’s hand (disputed, she plays on)', undone: true },
    { n: 1, text: 'East’s discard of Five Bam', undone: false },
  ]);
});

test('after three undos the recent list holds the events that stand, never "Undo / Undo / Undo" or an undone discard', () => {
  const d = (seat: 'E' | 'S' | 'W' | 'N', tile: '1B' | '2B' | '3B' | '4B' | '5B'): GameEvent => ({ type: 'discard', seat, tile });
  const u: GameEvent = { type: 'retract' };
  const log: GameEvent[] = [d('E', '1B'), d('S', '2B'), d('W', '3B'), d('N', '4B'), d('E', '5B'), u, u, u];
  expect(recentEvents(log)).toEqual([
    { n: 3, text: 'West’s discard of Three Bam', undone: true },
    { n: 2, text: 'South’s discard of Two Bam', undone: false },
    { n: 1, text: 'East’s discard of One Bam', undone: false },
  ]);
  // A new discard after the undos: only what stands.
  expect(recentEvents([...log, d('W', '5B')]).map((r) => [r.n, r.undone])).toEqual([
    [9, false],
    [2, false],
    [1, false],
  ]);
});

test('the recent list, walked back from the end only, matches each undo with its event as the whole log does', () => {
  // The rows as read from the whole log's undo pairs (core/amend's undoneBy).
  const whole = (log: readonly GameEvent[], n = 3) => {
    const undone = undoneBy(log);
    const rows: { n: number; undone: boolean }[] = [];
    const last = log.length - 1;
    if (log[last]?.type === 'retract') for (const [i, by] of undone) if (by === last) rows.push({ n: i + 1, undone: true });
    for (let i = last, k = 0; i >= 0 && k < n; i--) {
      if (log[i]!.type === 'retract' || undone.has(i)) continue;
      rows.push({ n: i + 1, undone: false });
      k++;
    }
    return rows;
  };
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let trial = 0; trial < 500; trial++) {
    const log: GameEvent[] = [];
    const length = Math.floor(rand() * 30);
    for (let i = 0; i < length; i++) log.push(rand() < 0.4 ? { type: 'retract' } : { type: 'pick', seat: 'E' });
    const n = 1 + Math.floor(rand() * 4);
    const got = recentEvents(log, n).map((r) => ({ n: r.n, undone: r.undone }));
    expect(got, log.map((e) => (e.type === 'retract' ? 'u' : 'p')).join('')).toEqual(whole(log, n));
  }
});
