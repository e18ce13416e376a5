import { describe, expect, it } from 'vitest';
import { inkBand } from '../../src/vision/card-read/ink-band';
import type { Straight } from '../../src/vision/card-read/straighten';

// Rows of "digits" drawn here: each row 15 px of ink (bars top, middle and bottom, sides between),
// rows 32 px apart, one of them a light colour's grey; the band must be each row's own.
describe("a row's band of ink", () => {
  const W = 200,
    H = 140;
  const grey = new Uint8Array(W * H).fill(240);
  const tops = [10, 42, 74, 106];
  for (const [k, t] of tops.entries()) {
    const ink = k === 2 ? 170 : 20;
    for (let x = 20; x < 180; x++) {
      const inDigit = x % 10 < 7;
      if (!inDigit) continue;
      for (let y = t; y < t + 15; y++) {
        const bar = y - t < 2 || Math.abs(y - t - 7) < 1 || y - t > 12;
        const side = x % 10 < 2 || x % 10 > 4;
        if (bar || side) grey[y * W + x] = ink;
      }
    }
  }
  const s: Straight = {
    frame: { width: W, height: H, data: new Uint8ClampedArray(W * H * 4) },
    grey,
    source: { width: W, height: H, data: new Uint8ClampedArray(W * H * 4) },
    toPicture: (x, y) => [x, y],
  };

  it('measures each row at its height and centre, even guessed from a box spanning two rows', () => {
    for (const t of tops) {
      const band = inkBand(s, 20, 180, t + 7.5, 35)!;
      expect(band.height).toBeGreaterThanOrEqual(14);
      expect(band.height).toBeLessThanOrEqual(16);
      expect(Math.abs(band.cy - (t + 7.5))).toBeLessThanOrEqual(1);
    }
  });

  it('finds no band on blank paper', () => {
    expect(inkBand(s, 185, 199, 60, 15)).toBeNull();
  });
});
