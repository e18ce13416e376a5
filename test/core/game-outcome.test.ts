import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { outcomeOf } from '../../src/core/game';
import { D, JX, M, P, WIN, X, discards, netOf, play, setupOf } from './game-helpers';

// RULES §13 examples 1-26: the reducer's GameOutcome, paid by payments.ts, gives the example's money.
const dead = (seat: 'E' | 'S' | 'W' | 'N', more: Partial<Extract<GameEvent, { type: 'dead' }>> = {}): GameEvent => ({
  type: 'dead',
  seat,
  ...more,
});
const mie = (seat: 'E' | 'S' | 'W' | 'N', exposed: boolean, value?: number): GameEvent => ({
  type: 'mahjongInError',
  seat,
  exposed,
  ...(value ? { value } : {}),
});

interface Row {
  name: string;
  events: GameEvent[];
  setup?: Parameters<typeof setupOf>[0];
  bettor?: boolean;
  outcome: Record<string, unknown>;
  net: Record<string, number>;
}

const rows: Row[] = [
  {
    name: 'ex1 S on W discard',
    events: [D('E', '1B'), D('S', '2B'), D('W', '3D'), M('S'), WIN('S', 25)],
    outcome: { winner: 'S', discarder: 'W', selfPick: false },
    net: { S: 100, W: -50, N: -25, E: -25 },
  },
  {
    name: 'ex1 quick',
    events: [WIN('S', 25, { from: 'W' })],
    outcome: { winner: 'S', discarder: 'W', selfPick: false },
    net: { S: 100, W: -50, N: -25, E: -25 },
  },
  {
    name: 'ex2 N self-picks',
    events: [...discards('E', 3), P('N'), WIN('N', 30)],
    outcome: { winner: 'N', selfPick: true },
    net: { N: 180, E: -60, S: -60, W: -60 },
  },
  {
    name: 'ex3 jokerless on E discard',
    events: [D('E', '4C'), WIN('W', 25, { jokerless: true })],
    outcome: { winner: 'W', discarder: 'E', jokerless: true },
    net: { W: 200, E: -100, S: -50, N: -50 },
  },
  {
    name: 'ex4 E jokerless self-pick',
    events: [...discards('E', 4), WIN('E', 35, { jokerless: true, selfPick: true })],
    outcome: { winner: 'E', selfPick: true },
    net: { E: 420, S: -140, W: -140, N: -140 },
  },
  {
    name: 'ex5 singles & pairs on N discard',
    events: [...discards('E', 4), M('E'), WIN('E', 50, { jokerless: true, category: 'singles-pairs' })],
    outcome: { winner: 'E', discarder: 'N', category: 'singles-pairs' },
    net: { E: 200, N: -100, S: -50, W: -50 },
  },
  {
    name: 'ex6 quints self-pick',
    events: [WIN('S', 40, { selfPick: true, category: 'quints' })],
    outcome: { selfPick: true, category: 'quints' },
    net: { S: 240, E: -80, W: -80, N: -80 },
  },
  {
    name: 'ex7 S picks, redeems E joker with 6 Dot: self-pick',
    events: [
      D('E', '1B'),
      D('S', '2B'),
      D('W', '3B'),
      D('N', '6D'),
      X('E', ['6D', '6D', 'J']),
      D('E', '9C'),
      P('S'),
      JX('S', 'E', '6D'),
      WIN('S', 25),
    ],
    outcome: { winner: 'S', selfPick: true, jokerless: false },
    net: { S: 150, E: -50, W: -50, N: -50 },
  },
  {
    name: 'ex8 N jokerless after W redeemed her joker',
    events: [
      D('E', '8D'),
      X('N', ['8D', '8D', 'J']),
      D('N', '1C'),
      P('E'),
      D('E', '2C'),
      P('S'),
      D('S', '3C'),
      P('W'),
      JX('W', 'N', '8D'),
      D('W', '4C'),
      P('N'),
      D('N', '5C'),
      P('E'),
      D('E', '6C'),
      P('S'),
      D('S', '7C'),
      M('N'),
      WIN('N', 30, { jokerless: true }),
    ],
    outcome: { winner: 'N', discarder: 'S', jokerless: true },
    net: { N: 240, S: -120, E: -60, W: -60 },
  },
  {
    name: 'ex9 heavenly',
    events: [WIN('E', 25, { special: 'heavenly' })],
    outcome: { winner: 'E', selfPick: true },
    net: { E: 150, S: -50, W: -50, N: -50 },
  },
  {
    name: 'ex10 dead N still pays',
    events: [D('E', '1B'), dead('N', { cause: 'wrong-count' }), D('S', '4D'), M('E'), WIN('E', 25)],
    outcome: { winner: 'E', discarder: 'S', dead: ['N'] },
    net: { E: 100, S: -50, N: -25, W: -25 },
  },
  {
    name: 'ex11 W in error (exposed), later E self-picks',
    events: [D('E', '1B'), D('S', '2B'), mie('W', true), P('N'), D('N', '3B'), P('E'), WIN('E', 25)],
    outcome: { winner: 'E', selfPick: true, dead: ['W'] },
    net: { E: 150, S: -50, W: -50, N: -50 },
  },
  {
    name: 'ex13 out-of-turn discard claimed for mah jongg',
    events: [D('E', '1B'), D('W', '5C'), M('E'), WIN('E', 25)],
    outcome: { winner: 'E', discarder: 'W', soleDiscarderPays: 'out-of-turn' },
    net: { E: 100, W: -100 },
  },
  {
    name: 'ex14 misnamed discard claimed for mah jongg',
    events: [D('E', '2B'), D('S', '1B', 'F'), M('N'), WIN('N', 30)],
    outcome: { winner: 'N', discarder: 'S', soleDiscarderPays: 'misnamed' },
    net: { N: 120, S: -120 },
  },
  {
    name: 'ex15 wrong wall: pusher pays',
    events: [
      D('E', '1B'),
      D('S', '2B'),
      { type: 'wrongWall', seat: 'S' },
      dead('W', { cause: 'wrong-wall' }),
      D('N', '8C'),
      M('E'),
      WIN('E', 25),
    ],
    outcome: { winner: 'E', discarder: 'N', wrongWallPusher: 'S', dead: ['W'] },
    net: { E: 100, S: -100 },
  },
  {
    name: 'ex16 bettor backs the winner',
    bettor: true,
    events: [{ type: 'bet', on: 'S' }, D('E', '1B'), D('S', '2B'), D('W', '3C'), M('S'), WIN('S', 25)],
    outcome: { winner: 'S', betOn: 'S' },
    net: { S: 100, bettor: 100, W: -100, E: -50, N: -50 },
  },
  {
    name: 'ex17 bettor forgot to bet',
    bettor: true,
    events: [D('E', '1B'), ...discards('S', 3), P('E'), WIN('E', 30)],
    outcome: { winner: 'E', selfPick: true },
    net: { E: 240, S: -60, W: -60, N: -60, bettor: -60 },
  },
  { name: 'ex18 wall game', events: [...discards('E', 100), { type: 'wallGame' }], outcome: { status: 'wall' }, net: {} },
  {
    name: 'ex19 pay for the party on the last wall',
    setup: { rules: { payForTheParty: true } },
    events: [...discards('E', 87), M('N'), WIN('N', 25)],
    outcome: { winner: 'N', discarder: 'W', soleDiscarderPays: 'pay-for-the-party' },
    net: { N: 100, W: -100 },
  },
  {
    name: 'ex19 setting off',
    events: [...discards('E', 87), M('N'), WIN('N', 25)],
    outcome: { winner: 'N', discarder: 'W' },
    net: { N: 100, W: -50, E: -25, S: -25 },
  },
  {
    name: 'ex20 disputed challenge found wrong at the end',
    events: [
      D('E', '1B'),
      dead('N', { by: 'W', disputed: true }),
      D('S', '2B'),
      D('W', '3B'),
      D('N', '4B'),
      D('E', '5B'),
      M('S'),
      WIN('S', 25),
      dead('N', { by: 'W', upheld: false }),
    ],
    outcome: { winner: 'S', discarder: 'E', dead: [], challenges: [{ challenger: 'W', challenged: 'N', payer: 'W', payee: 'N' }] },
    net: { S: 100, E: -50, W: -75, N: 25 },
  },
  {
    name: 'ex21 disputed, wall game, N was dead',
    events: [dead('N', { by: 'E', disputed: true }), { type: 'wallGame' }, dead('N', { by: 'E', upheld: true })],
    outcome: { status: 'wall', challenges: [{ challenger: 'E', challenged: 'N', payer: 'N', payee: 'E' }] },
    net: { N: -50, E: 50 },
  },
  {
    name: 'ex22 challenger admits at once',
    events: [D('E', '1B'), dead('N', { by: 'W', upheld: false }), D('S', '2B'), P('W'), WIN('W', 25)],
    outcome: { winner: 'W', dead: [], challenges: [{ challenger: 'W', challenged: 'N', payer: 'W', payee: 'N' }] },
    net: { W: 150 - 50, E: -50, S: -50 }, // N: -50 + 50 = 0
  },
  {
    name: 'ex23 rule (b)',
    events: [D('E', '1B'), mie('E', true, 25), dead('S'), mie('W', true, 30)],
    outcome: { status: 'three-dead', threeDead: { rule: 'b', payer: 'W', payees: ['N'], value: 30 } },
    net: { W: -60, N: 60 },
  },
  {
    name: 'ex24 rule (c)',
    events: [D('E', '1B'), mie('E', true, 25), dead('S'), dead('W')],
    outcome: { status: 'three-dead', threeDead: { rule: 'c', payer: 'E', payees: ['N'], value: 25 } },
    net: { E: -50, N: 50 },
  },
  {
    name: 'ex25 rule (d)',
    events: [D('E', '1B'), mie('N', true), dead('W', { cause: 'broke-wall' })],
    outcome: { status: 'three-dead', threeDead: { rule: 'd', payer: 'W', payees: ['E', 'S'] } },
    net: { W: -50, E: 25, S: 25 },
  },
  {
    name: 'ex26 rule (e)',
    events: [D('E', '1B'), dead('S', { cause: 'wrong-count' }), dead('W', { cause: 'wrong-count' }), dead('N', { cause: 'wrong-count' })],
    outcome: { status: 'three-dead', threeDead: { rule: 'e', payees: [] } },
    net: {},
  },
];

describe('outcomeOf for the payment examples 1-26', () => {
  test.each(rows)('$name', ({ events, setup, bettor, outcome, net }) => {
    const s = play(events, setupOf({ ...setup, bettor: bettor ?? false }));
    expect(outcomeOf(s)).toMatchObject({ status: 'mahjong', ...outcome });
    expect(netOf(s, bettor ?? false)).toEqual(net);
  });

  test('ex12: S says mah jongg, notices before exposing: no penalty, she discards, play goes on', () => {
    const s = play([D('E', '1B'), P('S'), mie('S', false), D('S', '2B')]);
    expect(s.status).toBe('in-progress');
    expect(s.dead.S).toBeNull();
    expect(s.turn).toBe('W');
    expect(s.mahjongErrors).toEqual([{ seat: 'S', exposed: false, eventIndex: 2 }]);
  });

  test('ex13: the out-of-turn discard claimed for a pung stands and play continues from the caller', () => {
    const s = play([D('E', '1B'), D('W', '5C'), X('E', ['5C', '5C', 'J']), D('E', '7D')]);
    expect(s.turn).toBe('S');
    expect(s.exposures.E[0]?.claimedFrom).toBe('W');
  });

  test('ex14: an exposure against the misnamed discard kills the exposer', () => {
    const s = play([D('E', '2B'), D('S', '1B', 'F'), X('W', ['F', 'F', 'F'])]);
    expect(s.dead.W).toMatchObject({ cause: 'wrong-discard-exposed' });
    expect(s.exposures.W).toEqual([]);
  });

  test('the outcome carries the seats in play for three players', () => {
    const s = play([WIN('S', 25, { from: 'W' })], setupOf({ players: 3 }));
    expect(outcomeOf(s)).toMatchObject({ seats: ['E', 'S', 'W'], winner: 'S' });
    expect(netOf(s)).toEqual({ S: 75, W: -50, E: -25 });
  });
});
