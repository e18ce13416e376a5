import { expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
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
  expect(recentEvents([...log, d('W', '5B')]).map((r) => [r.n, r.undone])).toEqual([[9, false], [2, false], [1, false]]);
});
