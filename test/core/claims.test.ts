import { describe, expect, test } from 'vitest';
import { exposureProblem, rankClaims, seatsBetween } from '../../src/core/claims';
import { RuleCode } from '../../src/core/errors';
import type { GameEvent } from '../../src/core/events';
import { TILES, type Tile } from '../../src/core/tiles';
import { D, JX, M, P, RETRACT, WIN, X, netOf, play, refused, setupOf } from './game-helpers';

describe('exposure shapes (RULES §5.2, §1.3)', () => {
  const rows: [string, Tile[], Tile, boolean][] = [
    ['pung with a joker', ['5D', '5D', 'J'], '5D', true],
    ['kong: discard + 3 jokers', ['5D', 'J', 'J', 'J'], '5D', true],
    ['quint needs a joker', ['5D', '5D', '5D', '5D', '5D'], '5D', false],
    ['quint with a joker', ['5D', '5D', '5D', '5D', 'J'], '5D', true],
    ['quint of flowers without a joker', ['F', 'F', 'F', 'F', 'F'], 'F', true],
    ['sextet of flowers', ['F', 'F', 'F', 'F', 'F', 'F'], 'F', true],
    ['pair', ['5D', '5D'], '5D', false],
    ['single', ['5D'], '5D', false],
    ['NEWS', ['N', 'E', 'W', 'S'], 'N', false],
    ['a year', ['2D', '0', '2D', '5D'], '2D', false],
    ['all jokers, no natural', ['J', 'J', 'J'], '5D', false],
    ['seven tiles', ['5D', '5D', '5D', '5D', 'J', 'J', 'J'], '5D', false],
  ];
  test.each(rows)('%s', (_n, exposure, called, legal) => {
    expect(exposureProblem(exposure, called) === null).toBe(legal);
  });
});

describe('claim rules (RULES §5)', () => {
  test('the discarder cannot call her own discard: down is dead', () => {
    expect(refused([D('E', '5D'), X('E', ['5D', '5D', 'J'])], RuleCode.OwnDiscard)).toBe('East cannot call her own discard: down is dead');
  });
  test('a pair may be called only for mah jongg', () => {
    refused([D('E', '5D'), X('W', ['5D', '5D'] as Tile[])], RuleCode.BadExposure);
    expect(play([D('E', '5D'), M('W'), WIN('W', 25)]).win).toMatchObject({ discarder: 'E', selfPick: false });
  });
  test('NEWS cannot be called for an exposure', () => {
    refused([D('E', 'N'), X('W', ['N', 'E', 'W', 'S'])], RuleCode.BadExposure);
  });
  test('a dead player cannot call', () => {
    const msg = refused([D('E', '5D'), { type: 'dead', seat: 'W', cause: 'wrong-count' }, X('W', ['5D', '5D', 'J'])], RuleCode.DeadPlayer);
    expect(msg).toBe("West's hand is dead; she cannot call");
  });
  test('no discard to call', () => {
    refused([X('W', ['5D', '5D', 'J'])], RuleCode.NoDiscard);
  });
  test('only the live discard: the covered one is out of reach', () => {
    refused([D('E', '5D'), D('S', '2B'), X('N', ['5D', '5D', 'J'])], RuleCode.BadExposure);
  });
  test('house rule lastWallMahJonggClaimsOnly refuses exposures on the last wall', () => {
    // 85 discards of other kinds (at most 3 of each: a real set), then a Nine Bam on the last wall.
    const others = TILES.filter((t) => t !== 'J' && t !== '9B');
    const upTo = Array.from({ length: 86 }, (_, i) =>
      D((['E', 'S', 'W', 'N'] as const)[i % 4], i === 85 ? '9B' : others[i % others.length]!),
    );
    const s = play(upTo, setupOf({ rules: { lastWallMahJonggClaimsOnly: true } }));
    expect(s.wallRemaining).toBe(14);
    expect(s.lastWall).toBe(true);
    refused([...upTo, X('W', ['9B', '9B', '9B'])], RuleCode.LastWall, setupOf({ rules: { lastWallMahJonggClaimsOnly: true } }));
    play([...upTo, M('W'), WIN('W', 25)], setupOf({ rules: { lastWallMahJonggClaimsOnly: true } }));
  });
  test('seats between the discarder and the caller are skipped', () => {
    expect(seatsBetween(['E', 'S', 'W', 'N'], 'W', 'S')).toEqual(['N', 'E']);
    expect(seatsBetween(['E', 'S', 'W'], 'E', 'S')).toEqual([]);
  });
  test('ex37: before her discard W may add a joker to make a kong; after an exchange the change is refused', () => {
    const s = play([D('E', '5C'), D('S', '2B'), X('W', ['2B', '2B', 'J']), X('W', ['2B', '2B', 'J', 'J'])]);
    expect(s.exposures.W).toHaveLength(1);
    expect(s.exposures.W[0]!.tiles).toEqual(['2B', '2B', 'J', 'J']);
    expect(s.tiles['2B']).toMatchObject({ discarded: 0, exposed: 2, unseen: 2 });
    // S has a joker in a pung of 5 Crak... give S one first: S calls E's 5C? Use W's own exposure instead.
    const frozen = [D('E', '5C'), D('S', '2B'), X('W', ['2B', '2B', 'J']), JX('W', 'W', '2B'), X('W', ['2B', '2B', '2B', 'J'])];
    expect(refused(frozen, RuleCode.AlreadyClaimed)).toBe("West's exposure is frozen: she has made a joker exchange");
  });
  test('ex38: an exchange before picking makes the hand dead (recorded, tiles stay)', () => {
    const ev = [
      D('E', '1C'),
      P('S'),
      D('S', '2C'),
      P('W'),
      D('W', '3C'),
      P('N'),
      D('N', '4D'),
      X('E', ['4D', '4D', 'J']),
      D('E', '9B'),
      { ...JX('S', 'E', '4D'), beforePick: true } as GameEvent,
    ];
    const s = play(ev);
    expect(s.dead.S).toMatchObject({ cause: 'early-exchange' });
    expect(s.exposures.E[0]!.tiles).toEqual(['4D', '4D', 'J']);
    expect(s.turn).toBe('W');
  });
});

describe('claim priority (examples 39-43, RULES §5.4)', () => {
  test('ex39: mah jongg beats a pung', () => {
    const s = play([D('E', '7D'), X('S', ['7D', '7D', 'J']), M('N'), WIN('N', 25)]);
    expect(s.lastCall).toMatchObject({ winner: 'N', reason: 'Mah jongg beats a pung', outranked: ['S'] });
    expect(s.exposures.S).toEqual([]);
    expect(netOf(s)).toEqual({ E: -50, S: -25, W: -25, N: 100 });
  });
  test('ex40: two pungs spoken together: the nearer after the discarder (E) wins', () => {
    const s = play([D('E', '1B'), D('S', '2B'), D('W', '7D'), X('S', ['7D', '7D', '7D']), X('E', ['7D', '7D', 'J'], true)]);
    expect(s.lastCall).toMatchObject({ winner: 'E', reason: 'East is nearer in turn than South', skipped: ['N'] });
    expect(s.exposures.S).toEqual([]);
    expect(s.turn).toBe('E');
    // Recorded in the other order, the same winner.
    const t = play([D('E', '1B'), D('S', '2B'), D('W', '7D'), X('E', ['7D', '7D', 'J']), X('S', ['7D', '7D', '7D'], true)]);
    expect(t.lastCall).toMatchObject({ winner: 'E', outranked: ['S'] });
  });
  test('ex41: two mah jongg claims: the nearer after S (N) wins', () => {
    const s = play([D('E', '1B'), D('S', '3D'), M('E'), M('N', true), WIN('N', 30)]);
    expect(s.win).toMatchObject({ winner: 'N', discarder: 'S' });
    expect(s.lastCall?.reason).toBe('North is nearer in turn than East');
  });
  test('ex42: W already exposing beats nearer S by default; S wins with the switch off', () => {
    const ev = [D('E', '6B'), X('W', ['6B', '6B', 'J']), X('S', ['6B', '6B', '6B'])];
    expect(play(ev).lastCall).toMatchObject({ winner: 'W', reason: 'West was already exposing when South called' });
    const off = play(ev, setupOf({ rules: { exposingClaimantPriority: false } }));
    expect(off.lastCall).toMatchObject({ winner: 'S', reason: 'South is nearer in turn than West' });
    expect(off.exposures.W).toEqual([]);
    expect(off.turn).toBe('S');
  });
  test('ex43: N (mah jongg) outranks exposed W but is in error: N keeps the tile and is dead, W too, E plays next', () => {
    const s = play([D('E', '1B'), D('S', '7D'), X('W', ['7D', '7D', 'J']), M('N'), { type: 'mahjongInError', seat: 'N', exposed: true }]);
    expect(s.dead.N).toMatchObject({ cause: 'mahjong-in-error' });
    expect(s.dead.W).toMatchObject({ cause: 'invalid-claim-exposure' });
    expect(s.turn).toBe('E');
    expect(s.status).toBe('in-progress');
  });
  test('§5.4.5: an invalid mah jongg passes the tile to the other mah jongg claimant', () => {
    const s = play([D('E', '1B'), D('S', '3D'), M('E'), M('N', true), { type: 'mahjongInError', seat: 'N', exposed: true }, WIN('E', 25)]);
    expect(s.win).toMatchObject({ winner: 'E', discarder: 'S' });
    expect(s.dead.N).not.toBeNull();
  });
  test('rankClaims is symmetric in who was recorded first when nobody is exposing', () => {
    const a = { seat: 'S' as const, purpose: 'exposure' as const, exposing: false, eventIndex: 1 };
    const b = { seat: 'N' as const, purpose: 'exposure' as const, exposing: false, eventIndex: 2 };
    expect(rankClaims(['E', 'S', 'W', 'N'], 'W', a, b, true).winner.seat).toBe('N');
    expect(rankClaims(['E', 'S', 'W', 'N'], 'W', b, a, true).winner.seat).toBe('N');
  });
  test('a second call by the same losing seat is refused; a call after the claimant discards is on the new tile', () => {
    refused([D('E', '6B'), X('W', ['6B', '6B', 'J']), X('S', ['6B', '6B', '6B']), X('S', ['6B', '6B', 'J'])], RuleCode.AlreadyClaimed);
    refused([D('E', '6B'), X('W', ['6B', '6B', 'J']), D('W', '1C'), X('S', ['6B', '6B', '6B'])], RuleCode.BadExposure);
  });
  test('a retracted call leaves the discard to others', () => {
    const s = play([D('E', '6B'), X('W', ['6B', '6B', 'J']), RETRACT, X('N', ['6B', '6B', '6B'])]);
    expect(s.lastCall).toMatchObject({ winner: 'N', skipped: ['S', 'W'] });
  });
});
