/**
 * A simulated session as a table record (the current version, written by src/core/record.ts): 3, 4 or 5
 * players, `games` simulated games, each from its own seed. `picks` says which picks the record
 * keeps: all, none (implied by the discards), or some (a seeded half).
 */
import { makeRecord, serialiseRecord, type TableRecord } from '../../src/core';
import { rng } from '../lib/random';
import { simulateGame, withPicks, type SimGame } from './game';

export type PickMode = 'all' | 'none' | 'some';

/** A game's events with the picks `mode` keeps (`some`: each pick kept on a coin toss from `seed`). */
export const recordedEvents = (g: SimGame, mode: PickMode, seed = g.seed) => {
  const coin = rng(seed ^ 0x5eed);
  return withPicks(g.events, () => (mode === 'all' ? true : mode === 'none' ? false : coin() < 0.5));
};

const NAMES = ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'];

export interface SimSession {
  record: TableRecord;
  games: SimGame[];
}

export const simulateSession = (
  seed: number,
  opts: { players: 3 | 4 | 5; games: number; picks?: PickMode; names?: readonly string[] },
): SimSession => {
  const names = (opts.names ?? NAMES).slice(0, opts.players);
  const seated = opts.players === 3 ? 3 : 4;
  const bettor = opts.players === 5;
  const games: SimGame[] = [];
  for (let i = 0; i < opts.games; i++) games.push(simulateGame((seed * 1009 + i * 7919) >>> 0, { players: seated, bettor }));
  const record = makeRecord({
    players: names,
    seating: names.slice(0, seated),
    ...(bettor ? { bettor: names[4]! } : {}),
    games: games.map((g) => ({ dice: g.dice, events: recordedEvents(g, opts.picks ?? 'all').events })),
  });
  return { record, games };
};

/** The session's record as text, in the canonical form the app exports. */
export const sessionText = (s: SimSession): string => serialiseRecord(s.record);
