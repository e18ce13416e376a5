import { describe, expect, it } from 'vitest';
import { selectFaces, type FloorReading } from '../../src/vision/floor';
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
