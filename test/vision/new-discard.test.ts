import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFloor } from '../../src/vision/floor';
import { newFaceOf, NOTHING_NEW, readNewDiscard, TWO_AT_ONCE } from '../../src/vision/new-discard';
import { tableChange } from '../../src/vision/table-change';
import { NEW_DISCARD_TUNING } from '../../src/vision/finder-tuning';
import { AUTO_RECORD_AT } from '../../src/vision/auto-record';
import { builtInSetFromDisk, finderFromDisk, useShippedNetFromDisk } from '../../tools/vision/network-disk';
import { correctTruth, readTruth, splitCalibration } from '../../tools/vision/real-set';
import { readJpeg } from '../../tools/vision/decode';
import { faceOfCrop, laidTileOf, loadSurfaces, makeRealScene, REAL_SET_DIR } from '../../tools/vision/real-scene';

// The new discard (new-discard.ts, table-change.ts) on one table of real material: real tile
// photographs on a real surface (development seed 20000), the frame before a tile was laid and the
// frame after, disturbed by a change. Accuracy over many tables is bench/vision-real-scene.ts's.
const net = await useShippedNetFromDisk();
const finder = await finderFromDisk();
const set = await builtInSetFromDisk();
const { calibrate } = splitCalibration(correctTruth(readTruth(join(REAL_SET_DIR, 'truth.json'))).entries, 3);
const faces = calibrate.map((e) => faceOfCrop(e.tile, readJpeg(e.file)));
const surfaces = loadSurfaces();
const SEED = 20000;
const scene = makeRealScene(faces, surfaces, SEED);
const centreIn = (box: readonly number[], [x, y, w, h]: readonly number[]) =>
  box[0]! + box[2]! / 2 > x! && box[0]! + box[2]! / 2 < x! + w! && box[1]! + box[3]! / 2 > y! && box[1]! + box[3]! / 2 < y! + h!;

describe('the new discard, from the frame before it was laid down', () => {
  // A tile laid and the camera bumped, or its neighbour nudged (each its own tile laid).
  for (const [change, laidAt] of [
    ['bump', laidTileOf(SEED, 0, scene.tiles.length)],
    ['nudge', 1],
  ] as const)
    it(`finds the tile just laid among the others (${change})`, async () => {
      const before = makeRealScene(faces, surfaces, SEED, { leaveOut: laidAt }).frame;
      const after = makeRealScene(faces, surfaces, SEED, { change, laid: laidAt });
      const laid = newFaceOf(before, after.frame, await readFloor(after.frame, set, finder, net));
      if (!laid || laid === TWO_AT_ONCE) throw new Error(`nothing new found: ${laid}`);
      expect(centreIn(laid.box, after.tiles[laidAt]!.box)).toBe(true);
    });

  it('takes no face on or under a hand passing over for a new tile', async () => {
    const after = makeRealScene(faces, surfaces, SEED, { change: 'hand' }).frame;
    expect(newFaceOf(scene.frame, after, await readFloor(after, set, finder, net))).toBe(null);
  });

  it('takes out the bumped camera: the shift between the frames is found', () => {
    const after = makeRealScene(faces, surfaces, SEED, { change: 'bump' }).frame;
    const c = tableChange(scene.frame, after, 60, NEW_DISCARD_TUNING);
    // the bump moves the view by 0.6% of the frame plus up to 1% either way, each corner its own;
    // the same frame twice has no shift
    expect(Math.hypot(c.dx, c.dy) * c.k).toBeGreaterThan(2);
    const still = tableChange(scene.frame, scene.frame, 60, NEW_DISCARD_TUNING);
    expect([still.dx, still.dy, still.sizes.length]).toEqual([0, 0, 1]);
  });

  it('proposes the laid tile read among neighbours, never to be recorded by itself', async () => {
    const laidAt = laidTileOf(SEED, 0, scene.tiles.length);
    const before = makeRealScene(faces, surfaces, SEED, { leaveOut: laidAt }).frame;
    const after = makeRealScene(faces, surfaces, SEED, { change: 'bump', laid: laidAt });
    const r = await readNewDiscard(after.frame, before, set, finder, net);
    expect(r.ok && r.confidence < AUTO_RECORD_AT).toBe(true);
  });

  it('says nothing new was laid rather than guess when the table did not change', async () => {
    const r = await readNewDiscard(scene.frame, scene.frame, set, finder, net);
    expect(r.ok ? r.tile : r.message).toBe(NOTHING_NEW);
  });
});
