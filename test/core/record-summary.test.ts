import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parseRecord, replaySession, type TableRecord } from '../../src/core/record';

const load = (name: string): TableRecord => {
  const r = parseRecord(readFileSync(new URL(`../records/${name}`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

test('quick-scored session: payments by name, nets, cents at 5 a point, transfers, next seating', () => {
  const r = replaySession(load('quick-four.json'));
  if (!r.ok) throw new Error(r.error.message);
  const { games, session } = r.value;
  expect(games.map((g) => g.number)).toEqual([1, 2, 3]);
  expect(games[0]).toMatchObject({
    seating: { E: 'Ann', S: 'Bea', W: 'Cy', N: 'Dot' },
    bettor: null,
    status: 'mahjong',
    winner: 'S',
    selfPick: false,
    discarder: 'W',
    wallRemaining: 99,
    live: null,
    dead: [],
    net: { Ann: -25, Bea: 100, Cy: -50, Dot: -25 },
  });
  expect(games[0]!.payments).toContainEqual({ from: 'Cy', to: 'Bea', points: 50 });
  expect(Object.keys(games[0]!.tiles)).toHaveLength(36);
  expect(games[0]!.tiles.J).toEqual({ discarded: 0, exposed: 0, unseen: 8 });
  expect(games[1]).toMatchObject({
    seating: { E: 'Bea', S: 'Cy', W: 'Dot', N: 'Ann' },
    selfPick: true,
    discarder: null,
    net: { Bea: 180, Ann: -60 },
  });
  expect(games[2]).toMatchObject({ seating: { E: 'Dot', S: 'Cy', W: 'Bea', N: 'Ann' }, net: { Bea: 200, Ann: -100, Dot: -50, Cy: -50 } });
  expect(session.net).toEqual({ Ann: -185, Bea: 480, Cy: -160, Dot: -135 });
  expect(session.cents).toEqual({ Ann: -925, Bea: 2400, Cy: -800, Dot: -675 });
  expect(session.transfers).toHaveLength(3);
  expect(session.transfers.every((t) => t.to === 'Bea')).toBe(true);
  expect(session.nextSeating).toEqual({ E: 'Cy', S: 'Bea', W: 'Ann', N: 'Dot' });
  expect(session.nextBettor).toBeNull();
});

test('three players: two payers, 112 tiles after the deal, wall game pays nothing', () => {
  const r = replaySession(load('three-players.json'));
  if (!r.ok) throw new Error(r.error.message);
  const [g1, g2] = r.value.games;
  expect(g1).toMatchObject({ seating: { E: 'Cy', S: 'Ann', W: 'Bea' }, wallRemaining: 112 });
  expect(g1!.net).toEqual({ Ann: -25, Bea: 75, Cy: -50 });
  expect(g2).toMatchObject({ status: 'wall', winner: null, net: { Ann: 0, Bea: 0, Cy: 0 }, payments: [] });
  expect(r.value.session.transfers).toEqual([
    { from: 'Cy', to: 'Bea', cents: 50 },
    { from: 'Ann', to: 'Bea', cents: 25 },
  ]);
});

test('pie caps the game net, not the payments list', () => {
  const rec = load('quick-four.json');
  rec.pie = { points: 100 };
  const r = replaySession(rec);
  if (!r.ok) throw new Error(r.error.message);
  // Ann: -25, -60 then owes 100 with 15 left of her pie: pays 15.
  expect(r.value.games[2]!.payments).toContainEqual({ from: 'Ann', to: 'Bea', points: 100 });
  expect(r.value.games[2]!.net.Ann).toBe(-15);
  expect(r.value.session.net.Ann).toBe(-100);
  for (const g of r.value.games) expect(Object.values(g.net).reduce((a, b) => a + b, 0)).toBe(0);
});

test('an engine error names the game and the 1-based event position', () => {
  const rec = load('quick-four.json');
  rec.games[1]!.events = [{ type: 'wallGame' }, { type: 'wallGame' }];
  const r = replaySession(rec);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error).toMatchObject({ game: 2, index: 2, message: expect.stringMatching(/^The game is over/) });
});

test('quick scoring has one judge, the reducer: East’s lone mah jongg (no discarder, no self-pick) is refused', () => {
  const rec = load('quick-four.json');
  rec.games[0]!.events = [{ type: 'mahjong', seat: 'E', value: 30, jokerless: false }];
  const r = replaySession(rec);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error).toMatchObject({ game: 1, index: 1 });
});
