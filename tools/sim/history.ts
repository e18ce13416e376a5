/**
 * A group's ten years of weekly play for the large-history bench (issue 13 item 5): 520
 * sessions of 12 simulated, fully recorded games (about 550,000 events), written through the
 * store as the app writes them (sessions, games, one appended event at a time), in batches.
 * Players: a group of six; 4 at the table most weeks, now and then 5 (one bets) or 3. Picks are
 * implied by the discards, as a keyboard user records them.
 */
import type { Store } from '../../electron/main/store/store';
import { OFFICIAL_RULES, SEATS, seatingForGame } from '../../src/core';
import { rng, shuffled } from '../lib/random';
import { simulateSession } from './session';

export const TEN_YEARS = { sessions: 520, gamesPer: 12 } as const;
const GROUP = ['Ann', 'Bea', 'Cy', 'Dot', 'Eve', 'Flo'];
const WEEK = 7 * 86_400_000;

export const seedTenYears = (
  store: Store,
  opts: { sessions: number; gamesPer: number } = TEN_YEARS,
): { sessions: number; games: number; events: number } => {
  const day0 = Date.UTC(2016, 0, 6, 19);
  let games = 0;
  let events = 0;
  for (let b = 0; b < opts.sessions; b += 10) {
    store.transaction(() => {
      for (let s = b; s < Math.min(opts.sessions, b + 10); s++) {
        const rand = rng(0x10e + s);
        const r = rand();
        const n = r < 0.15 ? 5 : r < 0.25 ? 3 : 4;
        const players = shuffled(GROUP, rand).slice(0, n);
        const sim = simulateSession(s + 1, { players: n, games: opts.gamesPer, picks: 'none', names: players });
        const rec = sim.record;
        const setup = {
          players: rec.players,
          seating: rec.seating,
          ...(rec.bettor ? { bettor: rec.bettor } : {}),
          stakes: { centsPerPoint: 1 + (s % 3) },
        };
        const session = store.createSession(setup, new Date(day0 + s * WEEK).toISOString());
        rec.games.forEach((g, i) => {
          const table = seatingForGame({ ...setup, rules: OFFICIAL_RULES }, i + 1);
          const seating = SEATS.map((x) => table.seating[x]).filter((p): p is string => p !== undefined);
          const game = store.addGame(session.id, seating, table.bettor, false, g.dice);
          for (const e of g.events) store.appendEvent(game.id, e);
          events += g.events.length;
          games++;
        });
      }
    });
  }
  return { sessions: opts.sessions, games, events };
};
