import { expect, test } from 'vitest';
import fc from 'fast-check';
import { applyPie, shareInProportion, type Debt } from '../../src/core/pie';

const P = ['A', 'B', 'C', 'D'] as const;
type N = (typeof P)[number];
const zero = { A: 0, B: 0, C: 0, D: 0 };

test('no pie: everything is paid', () => {
  const r = applyPie(P, zero, [{ from: 'A', to: 'B', points: 500 }]);
  expect(r.net).toEqual({ A: -500, B: 500, C: 0, D: 0 });
});

test('a payer with 40 left of a 300 pie owing 50 and 25 pays 40 in proportion (27 + 13)', () => {
  const debts: Debt<N>[] = [
    { from: 'A', to: 'B', points: 50 },
    { from: 'A', to: 'C', points: 25 },
    { from: 'D', to: 'B', points: 25 },
  ];
  const r = applyPie(P, { A: -260, B: 100, C: 100, D: 60 }, debts, 300);
  expect(r.paid).toEqual([
    { from: 'A', to: 'B', points: 27 },
    { from: 'A', to: 'C', points: 13 },
    { from: 'D', to: 'B', points: 25 },
  ]);
  expect(r.net).toEqual({ A: -40, B: 52, C: 13, D: -25 });
});

test('a "py" player (pie used up) pays nothing, but still wins and is paid', () => {
  const lose = applyPie(P, { A: -300, B: 100, C: 100, D: 100 }, [{ from: 'A', to: 'B', points: 50 }], 300);
  expect(lose.net.A).toBe(0);
  expect(lose.paid).toEqual([]);
  const win = applyPie(P, { A: -300, B: 100, C: 100, D: 100 }, [{ from: 'B', to: 'A', points: 50 }], 300);
  expect(win.net).toEqual({ A: 50, B: -50, C: 0, D: 0 });
});

test('shareInProportion is exact to the point, ties to the first', () => {
  expect(shareInProportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
  expect(shareInProportion(0, [5, 5])).toEqual([0, 0]);
  expect(shareInProportion(7, [0, 0])).toEqual([0, 0]);
});

test('property: no balance falls below −pie; nets sum to 0; nobody pays more than owed', () => {
  const debt = fc.record({ from: fc.constantFrom(...P), to: fc.constantFrom(...P), points: fc.integer({ min: 1, max: 200 }) });
  fc.assert(
    fc.property(fc.integer({ min: 50, max: 400 }), fc.array(fc.array(debt, { maxLength: 6 }), { maxLength: 12 }), (pie, games) => {
      let bal: Record<N, number> = { ...zero };
      for (const g of games) {
        const debts = g.filter((d) => d.from !== d.to);
        const r = applyPie(P, bal, debts, pie);
        expect(Object.values(r.net).reduce((a, b) => a + b, 0)).toBe(0);
        const owed = (p: N) => debts.filter((d) => d.from === p).reduce((a, d) => a + d.points, 0);
        const out = (p: N) => r.paid.filter((d) => d.from === p).reduce((a, d) => a + d.points, 0);
        for (const p of P) expect(out(p)).toBeLessThanOrEqual(owed(p));
        bal = Object.fromEntries(P.map((p) => [p, bal[p] + r.net[p]])) as Record<N, number>;
        for (const p of P) expect(bal[p]).toBeGreaterThanOrEqual(-pie);
      }
    }),
    { numRuns: 300 },
  );
});
