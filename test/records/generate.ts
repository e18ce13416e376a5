/**
 * A generator of realistic, legal table records for the replay bench and the prefix property:
 * games of discards in turn order, claims for exposures (natural tiles and jokers), joker
 * exchanges after a pick, and endings by a claimed mah jongg, a self-pick or a wall game.
 * Visible tiles never exceed the set (4 of a kind, 8 flowers, 8 jokers); seeded, so the same
 * seed gives the same record.
 */
import type { GameEvent } from '../../src/core/events';
import { makeRecord, type RecordGame, type TableRecord } from '../../src/core/record';
import { SEATS, type Seat } from '../../src/core/seats';
import { copiesOf, TILES, type Tile } from '../../src/core/tiles';
import { rng } from '../../tools/lib/random';

export { rng };


const NATURALS = TILES.filter((t) => t !== 'J');

interface Exposure {
  seat: Seat;
  tile: Tile;
  jokers: number;
}

/** One game of about `target` events (fewer if the wall runs out first). */
export const generateGame = (rand: () => number, target: number, withBettor: boolean): GameEvent[] => {
  const seats = SEATS;
  const ev: GameEvent[] = [];
  const seen = new Map<Tile, number>(); // visible copies: discarded or exposed or handed over
  const room = (t: Tile, n = 1): boolean => (seen.get(t) ?? 0) + n <= copiesOf(t);
  const use = (t: Tile, n = 1): void => void seen.set(t, (seen.get(t) ?? 0) + n);
  const exposures: Exposure[] = [];
  let picks = 0;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const freshTile = (): Tile => {
    for (let i = 0; i < 50; i++) {
      const t = rand() < 0.04 ? 'J' : pick(NATURALS);
      if (room(t)) return t;
    }
    return NATURALS.find((t) => room(t)) ?? 'F';
  };

  if (withBettor) ev.push({ type: 'bet', on: pick(seats) });
  let turn: Seat = 'E';
  let live: { tile: Tile; seat: Seat } | null = null;
  // East opens with a discard and no pick.
  const first = freshTile();
  use(first);
  ev.push({ type: 'discard', seat: 'E', tile: first });
  live = { tile: first, seat: 'E' };
  const right = (s: Seat): Seat => seats[(seats.indexOf(s) + 1) % seats.length]!;
  turn = right('E');

  for (;;) {
    const budgetLeft = target - ev.length;
    // Ending: a claimed mah jongg on the live discard, or a self-pick.
    if (budgetLeft <= 3 && live && live.tile !== 'J') {
      const winner = pick(seats.filter((s) => s !== live!.seat));
      ev.push({ type: 'call', seat: winner, mahjong: true });
      ev.push({ type: 'mahjong', seat: winner, value: pick([25, 30, 35, 50]), jokerless: false, from: live.seat });
      return ev;
    }
    if (budgetLeft <= 3 && picks < 99) {
      ev.push({ type: 'pick', seat: turn });
      ev.push({ type: 'mahjong', seat: turn, value: pick([25, 30]), jokerless: rand() < 0.3, selfPick: true });
      return ev;
    }
    // A claim for an exposure on the live discard.
    if (live && live.tile !== 'J' && rand() < 0.12) {
      const claimer = pick(seats.filter((s) => s !== live!.seat));
      const t = live.tile;
      const size = rand() < 0.7 ? 3 : 4;
      const naturals = Math.min(size - 1, Math.floor(rand() * size));
      const jokers = size - 1 - naturals;
      if (room(t, naturals) && room('J', jokers)) {
        use(t, naturals);
        use('J', jokers);
        ev.push({ type: 'call', seat: claimer, exposure: [t, ...Array<Tile>(naturals).fill(t), ...Array<Tile>(jokers).fill('J')] });
        if (jokers > 0) exposures.push({ seat: claimer, tile: t, jokers });
        const d = freshTile();
        use(d);
        ev.push({ type: 'discard', seat: claimer, tile: d });
        live = { tile: d, seat: claimer };
        turn = right(claimer);
        continue;
      }
    }
    if (picks >= 99) {
      ev.push({ type: 'wallGame' });
      return ev;
    }
    // An ordinary turn: pick, maybe rack or exchange, discard.
    picks++;
    const ex = exposures.find((x) => x.jokers > 0 && room(x.tile));
    if (ex && rand() < 0.15) {
      ev.push({ type: 'pick', seat: turn });
      ev.push({ type: 'jokerExchange', seat: turn, from: ex.seat, tile: ex.tile });
      use(ex.tile);
      ex.jokers--;
    } else {
      // Picks are explicit throughout (the reducer: once one pick is recorded, all are).
      ev.push({ type: 'pick', seat: turn });
      if (rand() < 0.1) ev.push({ type: 'rack', seat: turn });
    }
    const d = freshTile();
    use(d);
    ev.push({ type: 'discard', seat: turn, tile: d });
    live = { tile: d, seat: turn };
    turn = right(turn);
  }
};

/** A five-player session (with bets) of at least `events` events. */
export const generateRecord = (seed: number, events: number, perGame = 90): TableRecord => {
  const rand = rng(seed);
  const games: RecordGame[] = [];
  let n = 0;
  while (n < events) {
    const g = generateGame(rand, Math.min(perGame, Math.max(10, events - n)), true);
    games.push({ events: g });
    n += g.length;
  }
  return makeRecord({
    players: ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    bettor: 'Eve',
    pie: 2000,
    games,
  });
};

export const eventCount = (r: TableRecord): number => r.games.reduce((a, g) => a + g.events.length, 0);
