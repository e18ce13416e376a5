import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locateFace } from '../../src/vision/locate';
import { readJpeg } from '../../tools/vision/decode';

const FIX = 'test/fixtures/vision';
const truth: { file: string; rot: number }[] = JSON.parse(readFileSync(`${FIX}/bench/truth.json`, 'utf8'));

describe('locateFace', () => {
  it('finds the face and its tilt on perturbed shots (within 5 degrees)', () => {
    const sample = truth.filter((_, i) => i % 9 === 0);
    let within = 0;
    for (const t of sample) {
      const r = locateFace(readJpeg(`${FIX}/bench/${t.file}`));
      expect(r.ok, t.file).toBe(true);
      if (r.ok && Math.abs((r.pose.angle * 180) / Math.PI - t.rot) < 5) within++;
    }
    expect(within / sample.length).toBeGreaterThan(0.9);
  });

  it.each([
    ['empty', 'No tile in the region'],
    ['dark', 'too dark'],
    ['two-tiles', 'Two tiles'],
  ])('says clearly what is wrong with a %s frame', (name, words) => {
    const r = locateFace(readJpeg(`${FIX}/bad/${name}.jpg`));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toBe(name);
      expect(r.message).toContain(words);
    }
  });

  it('calls an all-black frame dark and a tiny frame empty', () => {
    expect(locateFace({ width: 64, height: 64, data: new Uint8ClampedArray(64 * 64 * 4) })).toMatchObject({ ok: false, error: 'dark' });
    expect(locateFace({ width: 8, height: 8, data: new Uint8ClampedArray(8 * 8 * 4).fill(200) })).toMatchObject({
      ok: false,
      error: 'empty',
    });
  });
});
