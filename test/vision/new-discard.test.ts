import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFloor } from '../../src/vision/floor';
import {
  changeOf,
  chooseNew,
  facesOfChange,
  judgeFaces,
  newFaceOf,
  NOTHING_NEW,
  readNewDiscard,
  TWO_AT_ONCE,
  withFacesOfChange,
} from '../../src/vision/new-discard';
import { shiftAt, tableChange } from '../../src/vision/table-change';
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

  it('reads the tile just laid where the table changed when the finder boxed no face there', async () => {
    const laidAt = laidTileOf(SEED, 1, scene.tiles.length);
    const before = makeRealScene(faces, surfaces, SEED, { leaveOut: laidAt }).frame;
    const after = makeRealScene(faces, surfaces, SEED, { change: 'bump', laid: laidAt });
    const truth = after.tiles[laidAt]!;
    // the floor after as the finder might give it, with no face on the laid tile
    const now = (await readFloor(after.frame, set, finder, net)).filter((f) => !centreIn(f.box, truth.box));
    const c = changeOf(before, after.frame, now, NEW_DISCARD_TUNING);
    const places = facesOfChange(c, now);
    expect(places.filter((p) => centreIn([p.cx, p.cy, 0, 0], truth.box)).length).toBeGreaterThan(0);
    const all = await withFacesOfChange(after.frame, c, now, set, finder, net);
    const laid = chooseNew(judgeFaces(c, all, NEW_DISCARD_TUNING));
    if (!laid || laid === TWO_AT_ONCE) throw new Error(`nothing new found: ${laid}`);
    expect([centreIn(laid.box, truth.box), laid.tile]).toEqual([true, truth.tile]);
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
    const { width: w, height: h } = c.after;
    expect(Math.hypot(...shiftAt(c.shift, w / 2, h / 2)) * c.k).toBeGreaterThan(2);
    // each corner moved its own way: the shift differs across the frame
    const [l, r] = [shiftAt(c.shift, 0, h / 2), shiftAt(c.shift, w, h / 2)];
    expect(Math.hypot(l[0] - r[0], l[1] - r[1])).toBeGreaterThan(0.5);
    const still = tableChange(scene.frame, scene.frame, 60, NEW_DISCARD_TUNING);
    expect([...still.shift.map((v) => Math.abs(v)), still.sizes.length]).toEqual([0, 0, 0, 0, 0, 0, 1]);
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
