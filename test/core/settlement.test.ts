import { expect, test } from 'vitest';
import fc from 'fast-check';
import { settle, type Transfer } from '../../src/core/settlement';

const apply = (ts: Transfer[]): Record<string, number> => {
  const n: Record<string, number> = {};
  for (const t of ts) {
    n[t.from] = (n[t.from] ?? 0) - t.cents;
    n[t.to] = (n[t.to] ?? 0) + t.cents;
  }
  return n;
};
const nonZero = (r: Record<string, number>): Record<string, number> => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== 0));

/** Independent brute force: every set partition of the non-zero players; the most zero-sum blocks. */
const bruteMinTransfers = (nets: Record<string, number>): number => {
  const vals = Object.values(nets).filter((v) => v !== 0);
  let bestBlocks = 0;
  const rec = (i: number, blocks: number[]): void => {
    if (i === vals.length) {
      if (blocks.every((b) => b === 0)) bestBlocks = Math.max(bestBlocks, blocks.length);
      return;
    }
    for (let b = 0; b < blocks.length; b++) {
      blocks[b]! += vals[i]!;
      rec(i + 1, blocks);
      blocks[b]! -= vals[i]!;
    }
    rec(i + 1, [...blocks, vals[i]!]);
  };
  rec(0, []);
  return vals.length - bestBlocks;
};

test('the spec illustration: 3 transfers, groups {Cy, Bea} and {Ann, Dot, Eve}', () => {
  const ts = settle({ Ann: -60, Bea: 120, Cy: -120, Dot: -60, Eve: 120 });
  expect(ts).toEqual([
    { from: 'Cy', to: 'Bea', cents: 120 },
    { from: 'Ann', to: 'Eve', cents: 60 },
    { from: 'Dot', to: 'Eve', cents: 60 },
  ]);
});

test('all square: no transfers', () => expect(settle({ A: 0, B: 0, C: 0 })).toEqual([]));

test('nets that do not sum to zero are refused', () => expect(() => settle({ A: 5, B: -4 })).toThrow(/sum to zero/));

test('a case where plain greedy needs more transfers than the minimum', () => {
  // Greedy on all five pays 4 transfers; {A:-3,D:3} and {B:-2,C:-5,E:7} need 3.
  const nets = { A: -3, B: -2, C: -5, D: 3, E: 7 };
  const ts = settle(nets);
  expect(ts.length).toBe(3);
  expect(nonZero(apply(ts))).toEqual(nets);
});

const arbNets = fc
  .tuple(fc.integer({ min: 3, max: 5 }), fc.array(fc.integer({ min: -400, max: 400 }), { minLength: 4, maxLength: 4 }))
  .map(([n, xs]) => {
    const vals = xs.slice(0, n - 1);
    vals.push(-vals.reduce((a, b) => a + b, 0));
    return Object.fromEntries(vals.map((v, i) => [`P${i}`, v]));
  });
// Small values make zero-sum sub-groups common, so minimality is really tested.
const arbSmall = arbNets.map((r) => r);
const arbTiny = fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 2, maxLength: 4 }).map((vals) => {
  vals.push(-vals.reduce((a, b) => a + b, 0));
  return Object.fromEntries(vals.map((v, i) => [`P${i}`, v]));
});

test('property: transfers reproduce the nets exactly, at most players − 1, and minimal', () => {
  fc.assert(
    fc.property(fc.oneof(arbSmall, arbTiny), (nets) => {
      const ts = settle(nets);
      expect(nonZero(apply(ts))).toEqual(nonZero(nets));
      expect(ts.length).toBeLessThanOrEqual(Object.keys(nets).length - 1);
      expect(ts.length).toBe(bruteMinTransfers(nets));
      for (const t of ts) expect(t.cents).toBeGreaterThan(0);
    }),
    { numRuns: 500 },
  );
});
