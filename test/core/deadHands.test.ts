import { describe, expect, test } from 'vitest';
import { threeDeadRule, type DeadHandLike } from '../../src/core/deadHands';
import type { BySeat, Seat } from '../../src/core/seats';

const FOUR: Seat[] = ['E', 'S', 'W', 'N'];
const hands = (list: [Seat, DeadHandLike['cause'] | undefined][]): BySeat<DeadHandLike | null> => {
  const d: BySeat<DeadHandLike | null> = { E: null, S: null, W: null, N: null };
  list.forEach(([seat, cause], i) => (d[seat] = { ...(cause ? { cause } : {}), eventIndex: i }));
  return d;
};
const values: Partial<Record<Seat, number>> = { E: 25, W: 30 };

describe('three dead (RULES §8.4)', () => {
  const rows: [string, Seat[], [Seat, DeadHandLike['cause'] | undefined][], ReturnType<typeof threeDeadRule>][] = [
    [
      'two dead of four: play goes on',
      FOUR,
      [
        ['E', 'mahjong-in-error'],
        ['S', undefined],
      ],
      null,
    ],
    [
      '(b) error, throw-in, error',
      FOUR,
      [
        ['E', 'mahjong-in-error'],
        ['S', undefined],
        ['W', 'mahjong-in-error'],
      ],
      { rule: 'b', payer: 'W', payees: ['N'], value: 30 },
    ],
    [
      '(c) error, two throw-ins',
      FOUR,
      [
        ['E', 'mahjong-in-error'],
        ['S', undefined],
        ['W', 'wrong-count'],
      ],
      { rule: 'c', payer: 'E', payees: ['N'], value: 25 },
    ],
    [
      '(e) three wrong counts',
      FOUR,
      [
        ['S', 'wrong-count'],
        ['W', 'wrong-count'],
        ['N', 'wrong-count'],
      ],
      { rule: 'e', payees: [] },
    ],
    [
      '(e) the error came last after two others',
      FOUR,
      [
        ['S', 'wrong-count'],
        ['N', 'wrong-count'],
        ['W', 'mahjong-in-error'],
      ],
      { rule: 'e', payees: [] },
    ],
    [
      'three players: two dead end it',
      ['E', 'S', 'W'],
      [
        ['E', 'mahjong-in-error'],
        ['S', undefined],
      ],
      { rule: 'c', payer: 'E', payees: ['W'], value: 25 },
    ],
  ];
  test.each(rows)('%s', (_n, seats, list, want) => {
    expect(threeDeadRule(seats, hands(list), (s) => values[s])).toEqual(want);
  });
});
