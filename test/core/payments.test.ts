import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { GameOutcome } from '../../src/core/outcome';
import { payments, type Payer, type Payment } from '../../src/core/payments';
import { OFFICIAL_RULES, type HouseRules } from '../../src/core/rules';
import { SEATS, type Seat } from '../../src/core/seats';

const FOUR = SEATS;
const base = (o: Partial<GameOutcome>): GameOutcome => ({ status: 'mahjong', seats: FOUR, dead: [], challenges: [], ...o });
const rules = (r: Partial<HouseRules> = {}): HouseRules => ({ ...OFFICIAL_RULES, ...r });

/** Net per payer: what the table sees at the end. */
const net = (ps: Payment[]): Record<string, number> => {
  const n: Record<string, number> = {};
  for (const p of ps) {
    n[p.from] = (n[p.from] ?? 0) - p.points;
    n[p.to] = (n[p.to] ?? 0) + p.points;
  }
  for (const k of Object.keys(n)) if (n[k] === 0) delete n[k];
  return n;
};
const paid = (ps: Payment[]): string[] => ps.map((p) => `${p.from}>${p.to}:${p.points}`).sort();

interface Row {
  name: string;
  outcome: GameOutcome;
  r?: Partial<HouseRules>;
  bettor?: boolean;
  expect: string[];
}

// The rules' worked examples 1-26 (payments, challenges, three-dead), then our own per row.
const rows: Row[] = [
  { name: 'ex1 discard win', outcome: base({ winner: 'S', value: 25, discarder: 'W' }), expect: ['E>S:25', 'N>S:25', 'W>S:50'] },
  { name: 'ex2 self-pick', outcome: base({ winner: 'N', value: 30, selfPick: true }), expect: ['E>N:60', 'S>N:60', 'W>N:60'] },
  {
    name: 'ex3 jokerless discard',
    outcome: base({ winner: 'W', value: 25, discarder: 'E', jokerless: true }),
    expect: ['E>W:100', 'N>W:50', 'S>W:50'],
  },
  {
    name: 'ex4 jokerless self-pick by East',
    outcome: base({ winner: 'E', value: 35, selfPick: true, jokerless: true }),
    expect: ['N>E:140', 'S>E:140', 'W>E:140'],
  },
  {
    name: 'ex5 singles & pairs: no bonus',
    outcome: base({ winner: 'E', value: 50, discarder: 'N', jokerless: true, category: 'singles-pairs' }),
    expect: ['N>E:100', 'S>E:50', 'W>E:50'],
  },
  {
    name: 'ex6 quints self-pick',
    outcome: base({ winner: 'E', value: 40, selfPick: true, category: 'quints' }),
    expect: ['N>E:80', 'S>E:80', 'W>E:80'],
  },
  {
    name: 'ex6b jokerless quints: excluded by default',
    outcome: base({ winner: 'E', value: 40, selfPick: true, jokerless: true, category: 'quints' }),
    expect: ['N>E:80', 'S>E:80', 'W>E:80'],
  },
  {
    name: 'ex6c jokerless quints with jokerlessExcludesQuints off',
    outcome: base({ winner: 'E', value: 40, selfPick: true, jokerless: true, category: 'quints' }),
    r: { jokerlessExcludesQuints: false },
    expect: ['N>E:160', 'S>E:160', 'W>E:160'],
  },
  {
    name: 'ex7 win by joker exchange = self-pick',
    outcome: base({ winner: 'S', value: 25, selfPick: true, jokerless: false }),
    expect: ['E>S:50', 'N>S:50', 'W>S:50'],
  },
  {
    name: 'ex8 jokerless after a redeemed joker',
    outcome: base({ winner: 'N', value: 30, discarder: 'S', jokerless: true }),
    expect: ['E>N:60', 'S>N:120', 'W>N:60'],
  },
  { name: 'ex9 heavenly hand', outcome: base({ winner: 'E', value: 25, selfPick: true }), expect: ['N>E:50', 'S>E:50', 'W>E:50'] },
  {
    name: 'ex10 a dead player still pays',
    outcome: base({ winner: 'E', value: 25, discarder: 'S', dead: ['N'] }),
    expect: ['N>E:25', 'S>E:50', 'W>E:25'],
  },
  {
    name: 'ex11 mah jongg in error, then self-pick',
    outcome: base({ winner: 'E', value: 25, selfPick: true, dead: ['W'] }),
    expect: ['N>E:50', 'S>E:50', 'W>E:50'],
  },
  {
    name: 'ex13 out-of-turn discard',
    outcome: base({ winner: 'E', value: 25, discarder: 'W', soleDiscarderPays: 'out-of-turn' }),
    expect: ['W>E:100'],
  },
  {
    name: 'ex14 misnamed discard',
    outcome: base({ winner: 'N', value: 30, discarder: 'S', soleDiscarderPays: 'misnamed' }),
    expect: ['S>N:120'],
  },
  {
    name: 'ex15 wrong wall',
    outcome: base({ winner: 'E', value: 25, discarder: 'N', wrongWallPusher: 'S', dead: ['W'] }),
    expect: ['S>E:100'],
  },
  {
    name: 'ex16 bettor backed the winner',
    outcome: base({ winner: 'S', value: 25, discarder: 'W', betOn: 'S' }),
    bettor: true,
    expect: ['E>S:25', 'E>bettor:25', 'N>S:25', 'N>bettor:25', 'W>S:50', 'W>bettor:50'],
  },
  {
    name: 'ex17 bettor forgot to bet',
    outcome: base({ winner: 'E', value: 30, selfPick: true }),
    bettor: true,
    expect: ['N>E:60', 'S>E:60', 'W>E:60', 'bettor>E:60'],
  },
  { name: 'ex18 wall game', outcome: base({ status: 'wall' }), expect: [] },
  {
    name: 'ex19 pay for the party on',
    outcome: base({ winner: 'N', value: 25, discarder: 'W', soleDiscarderPays: 'pay-for-the-party' }),
    r: { payForTheParty: true },
    expect: ['W>N:100'],
  },
  {
    name: 'ex19 pay for the party off',
    outcome: base({ winner: 'N', value: 25, discarder: 'W', soleDiscarderPays: 'pay-for-the-party' }),
    expect: ['E>N:25', 'S>N:25', 'W>N:50'],
  },
  {
    name: 'ex20 disputed challenge, challenger wrong',
    outcome: base({ winner: 'S', value: 25, discarder: 'E', challenges: [{ challenger: 'W', challenged: 'N', payer: 'W', payee: 'N' }] }),
    expect: ['E>S:50', 'N>S:25', 'W>N:50', 'W>S:25'],
  },
  {
    name: 'ex21 challenge upheld in a wall game',
    outcome: base({ status: 'wall', dead: ['N'], challenges: [{ challenger: 'E', challenged: 'N', payer: 'N', payee: 'E' }] }),
    expect: ['N>E:50'],
  },
  {
    name: 'ex22 challenger admits at once',
    outcome: base({ status: 'wall', challenges: [{ challenger: 'W', challenged: 'N', payer: 'W', payee: 'N' }] }),
    expect: ['W>N:50'],
  },
  {
    name: 'ex23 rule (b), erring hand value',
    outcome: base({ status: 'three-dead', dead: ['E', 'S', 'W'], threeDead: { rule: 'b', payer: 'W', payees: ['N'], value: 30 } }),
    expect: ['W>N:60'],
  },
  {
    name: 'ex23 rule (b), survivor value',
    outcome: base({ status: 'three-dead', dead: ['E', 'S', 'W'], threeDead: { rule: 'b', payer: 'W', payees: ['N'], value: 25 } }),
    r: { rule_b_value: 'survivorHand' },
    expect: ['W>N:50'],
  },
  {
    name: 'ex24 rule (c)',
    outcome: base({ status: 'three-dead', dead: ['E', 'S', 'W'], threeDead: { rule: 'c', payer: 'E', payees: ['N'], value: 25 } }),
    expect: ['E>N:50'],
  },
  {
    name: 'ex25 rule (d), 25 each',
    outcome: base({ status: 'three-dead', dead: ['N', 'W'], threeDead: { rule: 'd', payer: 'W', payees: ['E', 'S'] } }),
    expect: ['W>E:25', 'W>S:25'],
  },
  {
    name: 'rule (d), 25 in total',
    outcome: base({ status: 'three-dead', dead: ['N', 'W'], threeDead: { rule: 'd', payer: 'W', payees: ['E', 'S'] } }),
    r: { threeDeadRuleD: '25total' },
    expect: ['W>E:13', 'W>S:12'],
  },
  {
    name: 'ex26 rule (e)',
    outcome: base({ status: 'three-dead', dead: ['E', 'S', 'W'], threeDead: { rule: 'e', payees: [] } }),
    expect: [],
  },
  // Our own cases, one per row and switch.
  {
    name: 'three players, discard win',
    outcome: base({ seats: ['E', 'S', 'W'], winner: 'E', value: 30, discarder: 'S' }),
    expect: ['S>E:60', 'W>E:30'],
  },
  {
    name: 'out-of-turn jokerless, penalty4xUsesB on',
    outcome: base({ winner: 'S', value: 25, discarder: 'N', jokerless: true, soleDiscarderPays: 'out-of-turn' }),
    expect: ['N>S:200'],
  },
  {
    name: 'out-of-turn jokerless, penalty4xUsesB off',
    outcome: base({ winner: 'S', value: 25, discarder: 'N', jokerless: true, soleDiscarderPays: 'out-of-turn' }),
    r: { penalty4xUsesB: false },
    expect: ['N>S:100'],
  },
  {
    name: 'wrong-wall self-pick: the pusher pays 4x alone',
    outcome: base({ winner: 'W', value: 30, selfPick: true, wrongWallPusher: 'N' }),
    expect: ['N>W:120'],
  },
  {
    name: '4x with the bettor backing the winner',
    outcome: base({ winner: 'E', value: 25, discarder: 'W', soleDiscarderPays: 'misnamed', betOn: 'E' }),
    bettor: true,
    expect: ['W>E:100', 'W>bettor:100'],
  },
  {
    name: '4x with the bet lost: bettor pays V',
    outcome: base({ winner: 'E', value: 25, discarder: 'W', soleDiscarderPays: 'misnamed', betOn: 'S' }),
    bettor: true,
    expect: ['W>E:100', 'bettor>E:25'],
  },
  {
    name: 'bet lost on a discard win',
    outcome: base({ winner: 'S', value: 25, discarder: 'W', betOn: 'N' }),
    bettor: true,
    expect: ['E>S:25', 'N>S:25', 'W>S:50', 'bettor>S:25'],
  },
  {
    name: 'bet lost, bettorLosingPays nothing',
    outcome: base({ winner: 'S', value: 25, discarder: 'W', betOn: 'N' }),
    bettor: true,
    r: { bettorLosingPays: 'nothing' },
    expect: ['E>S:25', 'N>S:25', 'W>S:50'],
  },
  {
    name: 'backed self-pick: 4x shared',
    outcome: base({ winner: 'N', value: 25, selfPick: true, betOn: 'N' }),
    bettor: true,
    expect: ['E>N:50', 'E>bettor:50', 'S>N:50', 'S>bettor:50', 'W>N:50', 'W>bettor:50'],
  },
  {
    name: 'hot tile penalty on',
    outcome: base({ winner: 'S', value: 25, discarder: 'E', soleDiscarderPays: 'hot-tile' }),
    r: { hotTilePenalty: true },
    expect: ['E>S:100'],
  },
  {
    name: 'hot tile penalty off',
    outcome: base({ winner: 'S', value: 25, discarder: 'E', soleDiscarderPays: 'hot-tile' }),
    expect: ['E>S:50', 'N>S:25', 'W>S:25'],
  },
  {
    name: 'three exposures pay for the party on, jokerless (house 4x always uses B)',
    outcome: base({ winner: 'S', value: 25, discarder: 'E', jokerless: true, soleDiscarderPays: 'three-exposures' }),
    r: { threeExposuresPayForTheParty: true, penalty4xUsesB: false },
    expect: ['E>S:200'],
  },
  {
    name: 'three exposures pay for the party off',
    outcome: base({ winner: 'S', value: 25, discarder: 'E', soleDiscarderPays: 'three-exposures' }),
    expect: ['E>S:50', 'N>S:25', 'W>S:25'],
  },
  {
    name: 'challenge penalty switch',
    outcome: base({ status: 'wall', challenges: [{ challenger: 'W', challenged: 'N', payer: 'W', payee: 'N' }] }),
    r: { challengePenalty: 20 },
    expect: ['W>N:20'],
  },
  { name: 'in progress pays no hand', outcome: base({ status: 'in-progress', winner: 'S', value: 25 }), expect: [] },
  {
    name: 'in progress: an admitted challenge pays at once',
    outcome: base({ status: 'in-progress', challenges: [{ challenger: 'W', challenged: 'N', payer: 'W', payee: 'N' }] }),
    expect: ['W>N:50'],
  },
];

describe('payments: RULES §13 and one case per row and switch', () => {
  test.each(rows)('$name', ({ outcome, r, bettor, expect: want }) => {
    const ps = payments(outcome, { rules: rules(r), bettor });
    expect(paid(ps)).toEqual([...want].sort());
    for (const p of ps) expect(p.reason.length).toBeGreaterThan(10);
  });

  test('ex1 winner +100, ex16 bettor +100', () => {
    expect(net(payments(rows[0]!.outcome, { rules: rules() }))).toEqual({ S: 100, W: -50, N: -25, E: -25 });
    const r16 = rows.find((r) => r.name.startsWith('ex16'))!;
    expect(net(payments(r16.outcome, { rules: rules(), bettor: true }))).toMatchObject({ S: 100, bettor: 100, W: -100 });
  });

  test('ex20 nets: S +100, E -50, W -75, N +25', () => {
    const r20 = rows.find((r) => r.name.startsWith('ex20'))!;
    expect(net(payments(r20.outcome, { rules: rules() }))).toEqual({ S: 100, E: -50, W: -75, N: 25 });
  });

  test('reasons read like the payout sheet', () => {
    const ps = payments(base({ winner: 'S', value: 30, discarder: 'W', jokerless: true, betOn: 'S' }), { rules: rules(), bettor: true });
    const reasons = ps.map((p) => p.reason);
    expect(reasons).toContain('West threw the winning tile: 2 x 30 (jokerless: doubled)');
    expect(reasons.some((r) => r.startsWith('Bettor backed South: West pays her'))).toBe(true);
  });
});

const seat = fc.constantFrom<Seat>(...SEATS);
const arbOutcome: fc.Arbitrary<{ o: GameOutcome; bettor: boolean; r: HouseRules }> = fc
  .record({
    three: fc.boolean(),
    winner: seat,
    discarder: fc.option(seat, { nil: undefined }),
    value: fc.integer({ min: 20, max: 100 }),
    jokerless: fc.boolean(),
    category: fc.constantFrom(undefined, 'singles-pairs', 'quints' as const),
    sole: fc.constantFrom(undefined, 'out-of-turn', 'misnamed', 'pay-for-the-party', 'hot-tile', 'three-exposures' as const),
    wrongWall: fc.option(seat, { nil: undefined }),
    betOn: fc.option(seat, { nil: undefined }),
    bettor: fc.boolean(),
    status: fc.constantFrom('mahjong', 'wall', 'three-dead' as const),
    challenges: fc.array(fc.tuple(seat, seat), { maxLength: 2 }),
    r: fc.record({
      penalty4xUsesB: fc.boolean(),
      payForTheParty: fc.boolean(),
      hotTilePenalty: fc.boolean(),
      bettorLosingPays: fc.constantFrom('nonDiscarderRate', 'nothing' as const),
      threeDeadRuleD: fc.constantFrom('25each', '25total' as const),
    }),
  })
  .map((x) => {
    const seats = x.three ? (['E', 'S', 'W'] as const) : SEATS;
    const fix = (s: Seat | undefined): Seat | undefined => (s && seats.includes(s as never) ? s : undefined);
    const winner = fix(x.winner) ?? 'E';
    const discarder = fix(x.discarder) === winner ? undefined : fix(x.discarder);
    const o: GameOutcome = {
      status: x.status,
      seats,
      winner,
      value: x.value,
      jokerless: x.jokerless,
      category: x.category,
      selfPick: discarder === undefined,
      discarder,
      soleDiscarderPays: discarder ? x.sole : undefined,
      wrongWallPusher: fix(x.wrongWall) === winner ? undefined : fix(x.wrongWall),
      dead: [],
      challenges: x.challenges
        .map(([a, b]) => [fix(a), fix(b)])
        .filter(([a, b]) => a && b && a !== b)
        .map(([a, b]) => ({ challenger: a!, challenged: b!, payer: a!, payee: b! })),
      threeDead: { rule: 'd', payer: seats[0], payees: seats.slice(1, 3) },
      betOn: fix(x.betOn),
    };
    return { o, bettor: x.bettor, r: rules(x.r) };
  });

test('property: payments always sum to zero, amounts positive, nobody pays herself', () => {
  fc.assert(
    fc.property(arbOutcome, ({ o, bettor, r }) => {
      const ps = payments(o, { rules: r, bettor });
      const sums = new Map<Payer, number>();
      for (const p of ps) {
        expect(p.points).toBeGreaterThan(0);
        expect(Number.isInteger(p.points)).toBe(true);
        expect(p.from).not.toBe(p.to);
        if (!bettor) expect([p.from, p.to]).not.toContain('bettor');
        sums.set(p.from, (sums.get(p.from) ?? 0) - p.points);
        sums.set(p.to, (sums.get(p.to) ?? 0) + p.points);
      }
      expect([...sums.values()].reduce((a, b) => a + b, 0)).toBe(0);
    }),
    { numRuns: 500 },
  );
});
