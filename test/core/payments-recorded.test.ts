/**
 * RULES §13 payment, challenge and three-dead examples recorded event by event and replayed
 * through the reducer and the payments (replaySession): the whole chain, not just the table.
 */
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { makeRecord, replaySession } from '../../src/core/record';
import type { HouseRules } from '../../src/core/rules';
import { SEATS, type Seat } from '../../src/core/seats';
import { TILES, type Tile } from '../../src/core/tiles';

// Seats by name, so the nets read as seats: E=Ea, S=So, W=We, N=No.
const NAME: Record<Seat, string> = { E: 'Ea', S: 'So', W: 'We', N: 'No' };
const SEAT_OF = Object.fromEntries(SEATS.map((s) => [NAME[s], s]));
const NATURALS = TILES.filter((t) => t !== 'J' && t !== 'F');

/** `n` ordinary turns (pick, discard) from `seat`, tiles spread so no kind runs out. */
const turns = (from: Seat, n: number, offset = 0): GameEvent[] => {
  const out: GameEvent[] = [];
  let s = from;
  for (let i = 0; i < n; i++) {
    out.push({ type: 'pick', seat: s }, { type: 'discard', seat: s, tile: NATURALS[(offset + i) % NATURALS.length]! as Tile });
    s = SEATS[(SEATS.indexOf(s) + 1) % 4]!;
  }
  return out;
};

const play = (events: GameEvent[], rules: Partial<HouseRules> = {}, dice?: number) => {
  const rec = makeRecord({
    players: Object.values(NAME),
    seating: SEATS.map((s) => NAME[s]),
    rules,
    games: [{ events, ...(dice ? { dice } : {}) }],
  });
  const r = replaySession(rec);
  if (!r.ok) throw new Error(`game ${r.error.game}, event ${r.error.index}: ${r.error.message}`);
  const g = r.value.games[0]!;
  const pays = g.payments.map((p) => `${SEAT_OF[p.from]}>${SEAT_OF[p.to]}:${p.points}`).sort();
  const net = Object.fromEntries(Object.entries(g.net).map(([k, v]) => [SEAT_OF[k], v]));
  return { g, pays, net };
};

describe('RULES §13 recorded through the reducer', () => {
  test('ex1: S wins 25 on W discard', () => {
    const { pays } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      ...turns('S', 2),
      { type: 'call', seat: 'S', mahjong: true },
      { type: 'mahjong', seat: 'S', value: 25, jokerless: false },
    ]);
    expect(pays).toEqual(['E>S:25', 'N>S:25', 'W>S:50']);
  });

  test('ex2: N self-picks 30', () => {
    const { pays } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      ...turns('S', 2),
      { type: 'pick', seat: 'N' },
      { type: 'mahjong', seat: 'N', value: 30, jokerless: false },
    ]);
    expect(pays).toEqual(['E>N:60', 'S>N:60', 'W>N:60']);
  });

  test('ex11: W declares in error and exposes; later E self-picks 25: W pays too', () => {
    const { pays, g } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      ...turns('S', 1),
      { type: 'pick', seat: 'W' },
      { type: 'mahjongInError', seat: 'W', exposed: true },
      ...turns('N', 1, 5),
      { type: 'pick', seat: 'E' },
      { type: 'mahjong', seat: 'E', value: 25, jokerless: false },
    ]);
    expect(g.dead).toEqual(['W']);
    expect(pays).toEqual(['N>E:50', 'S>E:50', 'W>E:50']);
  });

  test('ex12: a mah jongg in error not exposed: no penalty, play goes on', () => {
    const { pays, g } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      { type: 'pick', seat: 'S' },
      { type: 'mahjongInError', seat: 'S', exposed: false },
      { type: 'discard', seat: 'S', tile: '2B' },
      ...turns('W', 1, 7),
      { type: 'call', seat: 'S', mahjong: true },
      { type: 'mahjong', seat: 'S', value: 25, jokerless: false },
    ]);
    expect(g.dead).toEqual([]);
    expect(pays).toEqual(['E>S:25', 'N>S:25', 'W>S:50']);
  });

  test('ex13: out-of-turn discard claimed for mah jongg: the discarder pays 4x alone', () => {
    const { pays } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      ...turns('S', 1),
      { type: 'discard', seat: 'N', tile: '3C' },
      { type: 'call', seat: 'E', mahjong: true },
      { type: 'mahjong', seat: 'E', value: 25, jokerless: false },
    ]);
    expect(pays).toEqual(['N>E:100']);
  });

  test('ex14: misnamed discard, the named tile claimed for mah jongg: S pays 120', () => {
    const { pays } = play([
      { type: 'discard', seat: 'E', tile: '5D' },
      { type: 'pick', seat: 'S' },
      { type: 'discard', seat: 'S', tile: '1B', named: 'F' },
      { type: 'call', seat: 'N', mahjong: true },
      { type: 'mahjong', seat: 'N', value: 30, jokerless: false },
    ]);
    expect(pays).toEqual(['S>N:120']);
  });

  test('ex15: a mah jongg while a wrong wall is in play: the pusher pays 4x alone', () => {
    const { pays } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      ...turns('S', 1),
      { type: 'wrongWall', seat: 'S' },
      { type: 'pick', seat: 'W' },
      { type: 'dead', seat: 'W', cause: 'wrong-wall' },
      { type: 'pick', seat: 'N' },
      { type: 'discard', seat: 'N', tile: '8C' },
      { type: 'call', seat: 'E', mahjong: true },
      { type: 'mahjong', seat: 'E', value: 25, jokerless: false },
    ]);
    expect(pays).toEqual(['S>E:100']);
  });

  test("ex19: pay for the party on East's last wall (dice 12), on and off", () => {
    // Dice 12: East keeps 24 tiles; after 75 picks the last wall is in play.
    const events: GameEvent[] = [{ type: 'discard', seat: 'E', tile: '1B' }, ...turns('S', 77, 3)];
    // Turn 77 from S is S's again (76 % 4 = 0): N wins on that discard, thrown on the last wall.
    const last = events.at(-1) as Extract<GameEvent, { type: 'discard' }>;
    const end: GameEvent[] = [
      { type: 'call', seat: 'N', mahjong: true },
      { type: 'mahjong', seat: 'N', value: 25, jokerless: false },
    ];
    expect(last.seat).toBe('S');
    expect(play([...events, ...end], { payForTheParty: true }, 12).pays).toEqual(['S>N:100']);
    expect(play([...events, ...end], {}, 12).pays).toEqual(['E>N:25', 'S>N:50', 'W>N:25']);
  });

  test('ex20: disputed challenge, the challenger was wrong: W pays N 50 on top', () => {
    const { pays, net } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      { type: 'dead', seat: 'N', by: 'W', disputed: true },
      { type: 'call', seat: 'S', mahjong: true },
      { type: 'mahjong', seat: 'S', value: 25, jokerless: false },
      { type: 'dead', seat: 'N', by: 'W', upheld: false },
    ]);
    expect(pays).toEqual(['E>S:50', 'N>S:25', 'W>N:50', 'W>S:25']);
    expect(net).toEqual({ S: 100, E: -50, W: -75, N: 25 });
  });

  test('ex21: disputed challenge upheld after a wall game: N pays E 50', () => {
    const { pays, g } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      { type: 'dead', seat: 'N', by: 'E', disputed: true },
      ...turns('S', 99, 2),
      { type: 'wallGame' },
      { type: 'dead', seat: 'N', by: 'E', upheld: true },
    ]);
    expect(g.status).toBe('wall');
    expect(pays).toEqual(['N>E:50']);
  });

  test('ex22: the challenger admits at once: W pays N 50', () => {
    const { pays } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      { type: 'dead', seat: 'N', by: 'W', upheld: false },
      ...turns('S', 2),
      { type: 'call', seat: 'S', mahjong: true },
      { type: 'mahjong', seat: 'S', value: 25, jokerless: false },
    ]);
    expect(pays).toContain('W>N:50');
  });

  test('ex24 rule (c): E declares in error (25), S and W throw in: E pays N 50', () => {
    const { pays, g } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      ...turns('S', 3),
      { type: 'pick', seat: 'E' },
      { type: 'mahjongInError', seat: 'E', exposed: true, value: 25 },
      { type: 'dead', seat: 'S' },
      { type: 'dead', seat: 'W' },
    ]);
    expect(g.status).toBe('three-dead');
    expect(pays).toEqual(['E>N:50']);
  });

  test('ex25 rule (d): N declares in error, W breaks the wall: W pays E and S 25 each', () => {
    const { pays, g } = play([
      { type: 'discard', seat: 'E', tile: '1B' },
      ...turns('S', 2),
      { type: 'pick', seat: 'N' },
      { type: 'mahjongInError', seat: 'N', exposed: true, value: 30 },
      { type: 'dead', seat: 'W', cause: 'broke-wall' },
    ]);
    expect(g.status).toBe('three-dead');
    expect(pays).toEqual(['W>E:25', 'W>S:25']);
  });
});
