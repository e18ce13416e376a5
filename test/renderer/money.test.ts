import { expect, test } from 'vitest';
import { centsOf, exactCents, replaySessionWith } from '../../src/core/summary';
import { GAME_ENGINE } from '../../src/core/game';
import { makeRecord } from '../../src/core/record';
import { dollars, money } from '../../src/renderer/components/session/money';

test('money is exact: at 2.5 cents a point a 25 hand is $0.625, never $0.63', () => {
  expect(money(exactCents(25, 2.5))).toBe('$0.625');
  expect(dollars(-62.5)).toBe('−$0.625');
  expect(dollars(125)).toBe('+$1.25');
  expect(dollars(0)).toBe('$0.00');
  expect(money(exactCents(3, 0.1))).toBe('$0.003'); // 0.30000000000000004 cents without the clean-up
  expect(money(123456.75)).toBe('$1234.5675');
  expect(money(5)).toBe('$0.05');
});

test('the session and its settlement in exact cents: the same amounts on every screen', () => {
  expect(centsOf({ Ann: 25, Bea: -25 }, 2.5)).toEqual({ Ann: 62.5, Bea: -62.5 });
  const rec = makeRecord({
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    centsPerPoint: 2.5,
    rules: {},
    games: [{ events: [{ type: 'mahjong', seat: 'S', value: 25, jokerless: false, from: 'W' }] }],
  });
  const r = replaySessionWith(rec, GAME_ENGINE);
  if (!r.ok) throw new Error(r.error.message);
  // Bea wins 25 on Cy's discard: Cy pays 50, Ann and Dot 25 each (100 points = 250 cents).
  expect(r.value.session.cents).toEqual({ Ann: -62.5, Bea: 250, Cy: -125, Dot: -62.5 });
  const t = r.value.session.transfers;
  expect(t.map((x) => `${x.from} pays ${x.to} ${money(x.cents)}`).sort()).toEqual([
    'Ann pays Bea $0.625',
    'Cy pays Bea $1.25',
    'Dot pays Bea $0.625',
  ]);
});
