import { describe, expect, it } from 'vitest';
import { makeFrame } from '../../src/vision/image';
import { selectFaces, type FloorReading } from '../../src/vision/floor';
import { tiltIn, turnedFaces } from '../../src/vision/face-tilt';
import { FINDER_TUNING } from '../../src/vision/finder-tuning';
import { KNOWN } from '../../src/vision/tile-set';

/** A reading as readFloor gives it: known and sure unless told. */
const reading = (box: FloorReading['box'], over: Partial<FloorReading> = {}): FloorReading => ({
  tile: '5B',
  confidence: 0.9,
  uncapped: 0.9,
  closeness: KNOWN + 0.03,
  size: 1,
  score: 0.8,
  box,
  angle: 0,
  runnersUp: [],
  ...over,
});

describe('the floor’s selection rule', () => {
  it('keeps one reading of two boxes on one face, the one matching its kind more closely', () => {
    const loose = reading([100, 100, 40, 54], { tile: '6B', closeness: KNOWN + 0.01 }),
      close = reading([104, 102, 40, 54], { closeness: KNOWN + 0.05 }),
      beside = reading([150, 102, 40, 54], { tile: 'N' });
    const kept = selectFaces([loose, close, beside]);
    expect(kept.map((f) => f.tile)).toEqual(['5B', 'N']);
  });

  it('drops a weak reading, and an unsure one where the finder was not sure of a face', () => {
    const unsure = { closeness: KNOWN - 0.02, confidence: 0.5, uncapped: 0.5 };
    const kept = selectFaces([
      reading([0, 0, 40, 54], { tile: '1C', uncapped: FINDER_TUNING.weak - 0.05 }),
      reading([100, 0, 40, 54], { tile: 'F', ...unsure, score: FINDER_TUNING.unsureScore - 0.05 }),
      reading([200, 0, 40, 54], { tile: '2C', ...unsure, score: FINDER_TUNING.unsureScore + 0.05 }),
      reading([300, 0, 40, 54], { tile: '3C', score: FINDER_TUNING.unsureScore - 0.05 }),
    ]);
    expect(kept.map((f) => f.tile)).toEqual(['2C', '3C']);
  });
});

/** A pale face (ruled with dark strokes along its own axes) turned by `turn` radians on dark
 *  cloth, each pixel the mean of 3x3 points in it as a camera's is. */
const turnedFace = (turn: number, w = 60, h = 80) => {
  const f = makeFrame(200, 200),
    c = Math.cos(turn),
    s = Math.sin(turn);
  const colour = (x: number, y: number) => {
    const u = (x - 100) * c + (y - 100) * s,
      v = -(x - 100) * s + (y - 100) * c;
    if (Math.abs(u) >= w / 2 || Math.abs(v) >= h / 2) return [30, 80, 50];
    return Math.abs(v) % 16 < 3 || Math.abs(u) < 3 ? [60, 60, 70] : [235, 230, 220];
  };
  for (let y = 0; y < 200; y++)
    for (let x = 0; x < 200; x++) {
      const sum = [0, 0, 0];
      for (const dy of [-1 / 3, 0, 1 / 3])
        for (const dx of [-1 / 3, 0, 1 / 3]) colour(x + dx, y + dy).forEach((v, i) => (sum[i]! += v / 9));
      f.data.set([...sum, 255], (y * 200 + x) * 4);
    }
  return f;
};

describe('a face lying turned', () => {
  it('is proposed turned within the upright box round it, about its own size', () => {
    const turn = 0.5, // about 29 degrees
      c = Math.cos(turn),
      s = Math.sin(turn);
    const box = { cx: 100, cy: 100, angle: 0, width: 60 * c + 80 * s, height: 60 * s + 80 * c };
    expect(tiltIn(turnedFace(turn), box)).toBeCloseTo(turn, 1);
    const [face] = turnedFaces(turnedFace(turn), box);
    expect(face!.angle).toBeCloseTo(turn, 1);
    expect(face!.height / 80).toBeGreaterThan(0.9);
    expect(face!.height / 80).toBeLessThan(1.1);
  });

  it('proposes nothing more for a face lying square in its box', () => {
    expect(turnedFaces(turnedFace(0), { cx: 100, cy: 100, angle: 0, width: 60, height: 80 })).toEqual([]);
  });
});
