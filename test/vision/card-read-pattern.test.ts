import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { patternReaderFromDisk } from '../../tools/card/pattern-reader-disk';
import { PATTERN_ALPHABET, readPatternStrip, type PatternReader } from '../../src/vision/card-read/pattern-reader';
import { STRIP_H } from '../../src/vision/card-read/pattern-strip';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'cards');
// Strips cut by tools/card/pattern-strips.ts from a 2 MP photo of an invented card (seed 900003),
// never trained on, with the tiles printed on them.
const truth = JSON.parse(readFileSync(join(FIX, 'pattern-strips.json'), 'utf8')) as Record<string, string>;

const strip = (name: string) => {
  const png = PNG.sync.read(readFileSync(join(FIX, name)));
  const grey = new Uint8Array(png.width * png.height);
  for (let i = 0; i < grey.length; i++) grey[i] = png.data[4 * i]!;
  return { width: png.width, height: png.height, grey };
};

describe('the pattern-line reader (real ONNX model)', () => {
  let reader: PatternReader;
  beforeAll(async () => {
    reader = await patternReaderFromDisk();
  });

  it.each(Object.entries(truth))('reads the strip %s as its printed tiles', async (name, tiles) => {
    const s = strip(name);
    expect(s.height).toBe(STRIP_H);
    const chars = await readPatternStrip(reader, s);
    expect(chars.map((c) => c.char).join('')).toBe(tiles);
    // Each character in order along the strip, sure and inside it.
    for (const [i, c] of chars.entries()) {
      expect(PATTERN_ALPHABET).toContain(c.char);
      expect(c.x0).toBeGreaterThanOrEqual(i ? chars[i - 1]!.x0 : 0);
      expect(c.x1).toBeLessThanOrEqual(s.width + 4);
    }
  });

  it('reads nothing on blank paper, and a strip of another height is refused', async () => {
    const blank = { width: 300, height: STRIP_H, grey: new Uint8Array(300 * STRIP_H).fill(245) };
    expect(await readPatternStrip(reader, blank)).toEqual([]);
    await expect(readPatternStrip(reader, { width: 300, height: 30, grey: new Uint8Array(9000) })).rejects.toThrow(/24 pixels/);
  });
});
