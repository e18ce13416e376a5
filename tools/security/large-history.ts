// A large history for the large-data proof (bench/large.ts, test/e2e/large.spec.ts): `sessions`
// sessions of `gamesPer` quick-scored games (a mah jongg off a discard, a self-pick, or a wall
// game), written straight through the store in batches (seeding speed is not what is measured).
import type { GameEvent } from '../../src/core/events';
import type { Store } from '../../electron/main/store/store';

const ROSTER = ['Ann', 'Bea', 'Cy', 'Dot', 'Eve', 'Flo', 'Gus', 'Hal'];
const SEATS = ['E', 'S', 'W', 'N'] as const;

const gameEvents = (g: number): GameEvent[] => {
  if (g % 9 === 8) return [{ type: 'wallGame' }];
  const seat = SEATS[g % 4]!;
  const value = 25 + (g % 6) * 5;
  return g % 3 === 0
    ? [{ type: 'mahjong', seat, value, jokerless: g % 5 === 0, selfPick: true }]
    : [{ type: 'mahjong', seat, value, jokerless: false, from: SEATS[(g + 1 + (g % 3)) % 4]! }];
};

export const seedHistory = (store: Store, sessions = 2_000, gamesPer = 20): { sessions: number; games: number; events: number } => {
  let games = 0;
  let events = 0;
  const day0 = Date.UTC(2020, 0, 1);
  for (let b = 0; b < sessions; b += 100) {
    store.transaction(() => {
      for (let s = b; s < Math.min(sessions, b + 100); s++) {
        const players = [0, 1, 2, 3].map((i) => ROSTER[(s + i * 2) % ROSTER.length]!);
        const created = new Date(day0 + s * 86_400_000 + 19 * 3_600_000).toISOString();
        const session = store.createSession({ players, seating: players, stakes: { centsPerPoint: 1 + (s % 5) } }, created);
        for (let g = 0; g < gamesPer; g++) {
          const game = store.addGame(session.id, players, undefined, false);
          for (const e of gameEvents(s + g)) {
            store.appendEvent(game.id, e);
            events++;
          }
          games++;
        }
      }
    });
  }
  return { sessions, games, events };
};
