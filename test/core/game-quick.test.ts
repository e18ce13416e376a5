import { describe, expect, test } from 'vitest';
import { RuleCode } from '../../src/core/errors';
import type { GameEvent } from '../../src/core/events';
import { outcomeOf } from '../../src/core/game';
import { D, M, WIN, X, discards, play, refused, setupOf } from './game-helpers';

describe('quick scoring: an outcome alone gives the same GameOutcome as a full record', () => {
  const pairs: [string, GameEvent[], GameEvent[], Parameters<typeof setupOf>[0]?][] = [
    ['win on a discard', [WIN('S', 30, { from: 'W' })], [D('E', '1B'), D('S', '2B'), D('W', '3C'), M('S'), WIN('S', 30)]],
    ['self-pick', [WIN('N', 25, { selfPick: true })], [...discards('E', 3), WIN('N', 25, { selfPick: true })]],
    [
      'with a bet',
      [{ type: 'bet', on: 'S' }, WIN('S', 30, { from: 'E' })],
      [{ type: 'bet', on: 'S' }, D('E', '1B'), WIN('S', 30)],
      { bettor: true },
    ],
    [
      'with a dead hand',
      [{ type: 'dead', seat: 'N', cause: 'wrong-count' }, WIN('S', 25, { from: 'E' })],
      [D('E', '1B'), { type: 'dead', seat: 'N', cause: 'wrong-count' }, WIN('S', 25)],
    ],
    ['a wall game', [{ type: 'wallGame' }], [...discards('E', 100), { type: 'wallGame' }]],
  ];
  test.each(pairs)('%s', (_n, quick, full, setup) => {
    const a = outcomeOf(play(quick, setupOf(setup)));
    const b = outcomeOf(play(full, setupOf(setup)));
    expect(a).toEqual(b);
    expect(a.status).not.toBe('in-progress');
  });
  test('a lone mahjong must say how it was won', () => {
    expect(refused([WIN('S', 25)], RuleCode.MahjongHow)).toBe('Say how South won: from (the discarder) or selfPick: true');
    refused([WIN('E', 25)], RuleCode.MahjongHow);
  });
});

describe('house payment switches in the outcome', () => {
  test('three exposures: the discarder pays for the party', () => {
    const ev = [
      D('E', '1B'),
      X('W', ['1B', '1B', 'J']),
      D('W', '9C'),
      D('N', '2B'),
      D('E', '2B'),
      X('W', ['2B', '2B', 'J']),
      D('W', '9C'),
      D('N', '3B'),
      D('E', '3B'),
      X('W', ['3B', '3B', 'J']),
      D('W', '9C'),
      D('N', '4B'),
      D('E', '5D'),
      M('W'),
      WIN('W', 25),
    ];
    expect(outcomeOf(play(ev, setupOf({ rules: { threeExposuresPayForTheParty: true } }))).soleDiscarderPays).toBe('three-exposures');
    expect(outcomeOf(play(ev)).soleDiscarderPays).toBeUndefined();
  });
  test('an out-of-turn discard called for an exposure stands; a later win on an in-turn discard pays normally', () => {
    const s = play([D('E', '1B'), D('W', '5C'), X('E', ['5C', '5C', 'J']), D('E', '7D'), M('W'), WIN('W', 25)]);
    expect(outcomeOf(s)).toMatchObject({ winner: 'W', discarder: 'E' });
    expect(outcomeOf(s).soleDiscarderPays).toBeUndefined();
  });
});
