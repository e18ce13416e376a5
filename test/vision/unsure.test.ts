import { describe, expect, it } from 'vitest';
import { UNSURE_CAP, unsureUnlessKnown } from '../../src/vision/tile-set';
import { AUTO_RECORD_AT } from '../../src/vision/auto-record';

describe('a face the set does not know well', () => {
  const cands = [
    { tile: 'F' as const, confidence: 0.97 },
    { tile: '3D' as const, confidence: 0.02 },
  ];

  it('is unsure: proposed under the "not sure" line, never recorded by itself, its kinds in order', () => {
    const [first, second] = unsureUnlessKnown(cands, 0.85);
    expect(first).toEqual({ tile: 'F', confidence: UNSURE_CAP });
    expect(first!.confidence).toBeLessThan(Math.min(0.6, AUTO_RECORD_AT));
    expect(second).toEqual(cands[1]);
  });

  it('a face matching its kind closely keeps its confidence', () => {
    expect(unsureUnlessKnown(cands, 0.95)).toEqual(cands);
  });
});
