import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFloor } from '../../src/vision/floor';
import { newFaceOf, readNewDiscard, TWO_AT_ONCE } from '../../src/vision/new-discard';
import { AUTO_RECORD_AT } from '../../src/vision/auto-record';
import { builtInSetFromDisk, finderFromDisk, useShippedNetFromDisk } from '../../tools/vision/network-disk';
import { correctTruth, readTruth, splitCalibration } from '../../tools/vision/real-set';
import { readJpeg } from '../../tools/vision/decode';
import { faceOfCrop, loadSurfaces, makeRealScene, REAL_SET_DIR } from '../../tools/vision/real-scene';

// The new discard (new-discard.ts) on one table of real material: real tile photographs on a real
// surface (development seed 20000), the frame before the tile was laid and the frame after with
// the camera bumped. Accuracy over many tables is bench/vision-real-scene.ts's.
const net = await useShippedNetFromDisk();
const finder = await finderFromDisk();
const set = await builtInSetFromDisk();
const { calibrate } = splitCalibration(correctTruth(readTruth(join(REAL_SET_DIR, 'truth.json'))).entries, 3);
const faces = calibrate.map((e) => faceOfCrop(e.tile, readJpeg(e.file)));
const surfaces = loadSurfaces();
const SEED = 20000;
const scene = makeRealScene(faces, surfaces, SEED);
const LAID = (SEED * 7) % scene.tiles.length;

describe('the new discard, from the frame before it was laid down', () => {
  it('finds the tile just laid among the others after the camera was bumped', async () => {
    const before = makeRealScene(faces, surfaces, SEED, { leaveOut: LAID }).frame;
    const after = makeRealScene(faces, surfaces, SEED, { change: 'bump', laid: LAID });
    const laid = newFaceOf(before, after.frame, await readFloor(before, set, finder, net), await readFloor(after.frame, set, finder, net));
    if (!laid || laid === TWO_AT_ONCE) throw new Error(`nothing new found: ${laid}`);
    const [x, y, w, h] = after.tiles[LAID]!.box;
    const [cx, cy] = [laid.box[0] + laid.box[2] / 2, laid.box[1] + laid.box[3] / 2];
    expect(cx > x && cx < x + w && cy > y && cy < y + h).toBe(true);
    // Found among neighbours: proposed, never recorded by itself.
    const r = await readNewDiscard(after.frame, before, set, finder, net);
    expect(r.ok && r.confidence < AUTO_RECORD_AT).toBe(true);
  });

  it('says nothing new was laid rather than guess when the table did not change', async () => {
    // (Here the framed locator sees no one tile either, so the panel watches for the next discard.)
    const r = await readNewDiscard(scene.frame, scene.frame, set, finder, net);
    expect(r.ok).toBe(false);
  });
});
