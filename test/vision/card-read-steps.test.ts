import { describe, expect, it } from 'vitest';
import { enlargedStrip } from '../../src/vision/card-read/strip';
import { readAlike, type PrintedGroup } from '../../src/vision/card-read/same-print';
import { looksNoisy } from '../../src/vision/card-read/noisy-rows';
import { rowWords } from '../../src/vision/card-read/line-words';
import type { Straight } from '../../src/vision/card-read/straighten';
import type { OcrWord } from '../../src/vision/card-read/page-reader';

// The card reader's small steps on pictures drawn here, so each test knows what should come back.

describe('a strip enlarged from the photo', () => {
  // A photo 200x40: paper darkening left to right (a shadow), one red ink bar at x 100-110, y 10-30.
  const W = 200,
    H = 40;
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const paper = 250 - x * 0.3;
      const ink = x >= 100 && x < 110 && y >= 10 && y < 30;
      data.set(ink ? [200, 30, 40, 255] : [paper, paper, paper, 255], (y * W + x) * 4);
    }
  const source = { width: W, height: H, data };
  // The straight picture is the photo at half size: a straight point (x, y) is (2x, 2y) in the photo.
  const s: Straight = {
    frame: { width: W / 2, height: H / 2, data: new Uint8ClampedArray((W / 2) * (H / 2) * 4) },
    grey: new Uint8Array((W / 2) * (H / 2)),
    source,
    toPicture: (x, y) => [2 * x, 2 * y],
  };

  it('is drawn from the photo through the straightening, its paper white and its ink black', () => {
    const e = enlargedStrip(s, { x0: 0, y0: 0, x1: 100, y1: 20 }, 3);
    expect([e.width, e.height]).toEqual([300, 60]);
    const at = (x: number, y: number) => e.grey[y * e.width + x]!;
    // the red bar (photo x 100-110 = straight 50-55 = strip 150-165) is ink, as dark as black
    expect(at(157, 30)).toBeLessThan(30);
    // paper is white at both ends, though the photo's paper is 60 levels darker at the right
    expect(at(10, 30)).toBeGreaterThan(225);
    expect(at(290, 30)).toBeGreaterThan(225);
    // the bar's edge stays sharp: a few strip pixels from ink to paper
    expect(at(140, 30)).toBeGreaterThan(225);
  });
});

describe('groups printed alike read alike', () => {
  // A straight grey picture with a group drawn at each x: a "glyph" pattern of bars.
  const W = 400,
    H = 30;
  const shapes: Record<string, [number, number, number, number][]> = {
    // like 2222: four bars with a foot
    a: [0, 10, 20, 30].flatMap((x) => [[x, 5, x + 6, 9] as [number, number, number, number], [x + 4, 9, x + 6, 20], [x, 20, x + 7, 24]]),
    // like 11: two plain stems, a different width
    b: [0, 10].map((x) => [x + 2, 5, x + 4, 24] as [number, number, number, number]),
  };
  const draw = (placed: [string, number][]) => {
    const g = new Uint8Array(W * H).fill(250);
    for (const [shape, x0] of placed)
      for (const [a, b, c, d] of shapes[shape]!) for (let y = b; y < d; y++) for (let x = x0 + a; x < x0 + c; x++) g[y * W + x] = 20;
    return g;
  };
  const placed: [string, number][] = [
    ['a', 5],
    ['a', 55],
    ['a', 105],
    ['a', 155],
    ['b', 205],
    ['b', 255],
  ];
  const grey = draw(placed);
  const group = (i: number, tokens: string, confidence: number): PrintedGroup => ({
    box: { x0: placed[i]![1] - 2, y0: 2, x1: placed[i]![1] + 36, y1: 27 },
    tokens,
    confidence,
  });

  it('a group read otherwise than its look-alikes takes their reading; others keep theirs', () => {
    const groups = [
      group(0, '2222', 80),
      group(1, '2222', 75),
      group(2, '2272', 60),
      group(3, '2222', 85),
      group(4, '11', 70),
      group(5, '11', 70),
    ];
    expect(readAlike(groups, grey, W, H)).toEqual([null, null, '2222', null, null, null]);
  });

  it('a group read surely, or with too few look-alikes, keeps its reading', () => {
    const sure = [group(0, '2222', 80), group(1, '2222', 75), group(2, '2272', 95), group(3, '2222', 85)];
    expect(readAlike(sure, grey, W, H)).toEqual([null, null, null, null]);
    // one look-alike is not enough to overrule a reading
    const few = [group(0, '2222', 80), group(2, '2272', 60), group(4, '11', 70)];
    expect(readAlike(few, grey, W, H)).toEqual([null, null, null]);
    // a group of another shape (11) is no look-alike of 2222, whatever it was read as
    const other = [group(0, '2222', 80), group(1, '2222', 75), group(3, '2222', 85), group(4, '2222', 40)];
    expect(readAlike(other, grey, W, H)[3]).toBeNull();
  });
});

describe('a row read as noise', () => {
  const word = (text: string, x0: number, confidence = 80): OcrWord => ({ text, confidence, box: { x0, y0: 10, x1: x0 + 30, y1: 30 } });

  it('is looked at again; a hand row or a heading read surely is not', () => {
    const noise = [
      word('NNN', 0, 43),
      word('SSS', 40, 55),
      word('Li', 80, 36),
      word('un', 120, 55),
      word('x', 300, 66),
      word('%', 330, 51),
    ];
    expect(rowWords(noise)).toBeNull();
    expect(looksNoisy(rowWords(noise), noise.length)).toBe(true);
    const hand = [word('FF', 0), word('2026', 40), word('2222', 80), word('2222', 120), word('X', 300), word('25', 330)];
    expect(looksNoisy(rowWords(hand), hand.length)).toBe(false);
    const heading = [word('Like', 0, 92), word('numbers', 40, 95)];
    expect(looksNoisy(rowWords(heading), heading.length)).toBe(false);
    // a row of groups whose value was lost reads as a heading of digits: looked at again
    const digits = [word('2468', 0, 70), word('2468', 40, 81), word('DDD', 80, 88), word('FFF', 120, 80), word('2%', 330, 76)];
    expect(rowWords(digits)?.kind).toBe('heading');
    expect(looksNoisy(rowWords(digits), digits.length)).toBe(true);
    expect(looksNoisy(null, 0)).toBe(false);
  });
});
