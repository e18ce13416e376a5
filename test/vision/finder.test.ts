import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeCells, findFaceBoxes } from '../../src/vision/finder';
import { FINDER_H, FINDER_W } from '../../src/vision/finder-input';
import { finderFromDisk } from '../../tools/vision/network-disk';
import { correctTruth, readTruth, splitCalibration } from '../../tools/vision/real-set';
import { readImage, readJpeg } from '../../tools/vision/decode';
import { faceOfCrop, loadSurfaces, makeRealScene, REAL_SET_DIR } from '../../tools/vision/real-scene';

// The learned face finder (finder.ts) on one table of real material: real tile photographs (the
// calibration shots, which it was trained on, on a seed it was never trained on: 20000 is a
// development seed) on a real surface. Accuracy over many tables is bench/vision-real-scene.ts's.
const finder = await finderFromDisk();

describe('learned face finder', () => {
  it('finds the faces of a real-material table, each box centred on its own face', async () => {
    const { calibrate } = splitCalibration(correctTruth(readTruth(join(REAL_SET_DIR, 'truth.json'))).entries, 3);
    const faces = calibrate.map((e) => faceOfCrop(e.tile, readJpeg(e.file)));
    const scene = makeRealScene(faces, loadSurfaces(), 20000, { width: 640, height: 360 });
    const found = await findFaceBoxes(finder, scene.frame);
    const hit = scene.tiles.filter((t) =>
      found.some((f) => {
        const [x, y, w, h] = t.box;
        return f.pose.cx > x && f.pose.cx < x + w && f.pose.cy > y && f.pose.cy < y + h && f.sideways === t.sideways;
      }),
    );
    expect(hit.length).toBeGreaterThanOrEqual(scene.tiles.length * 0.75);
    expect(found.length).toBeLessThanOrEqual(scene.tiles.length + 2);
  });

  it('finds no face on a bare patterned cloth', async () => {
    const cork = readImage('test/fixtures/vision-surfaces/mypaint-cork.png');
    if (!cork.ok) throw new Error(cork.error);
    expect(await findFaceBoxes(finder, cork.frame)).toEqual([]);
  });

  it('turns each peak of the cells into one box, in the frame’s pixels, the weaker of two on one face dropped', () => {
    const GW = FINDER_W / 4,
      plane = GW * (FINDER_H / 4);
    const cells = new Float32Array(6 * plane);
    const at = (x: number, y: number, side: number, score: number, w: number, h: number) => {
      const i = y * GW + x;
      cells[side * plane + i] = score;
      cells[2 * plane + i] = 0.5;
      cells[3 * plane + i] = 0.5;
      cells[4 * plane + i] = Math.log(w / 4);
      cells[5 * plane + i] = Math.log(h / 4);
    };
    at(10, 10, 1, 0.9, 24, 18); // a face lying sideways, 24 x 18 canvas pixels
    at(12, 10, 0, 0.5, 24, 18); // a weaker peak on much the same box
    at(40, 20, 0, 0.6, 18, 24); // an upright face
    const found = decodeCells(cells, 0.5);
    expect(found.map((f) => f.sideways)).toEqual([true, false]);
    found[0]!.box.forEach((v, i) => expect(v).toBeCloseTo([(42 - 12) * 2, (42 - 9) * 2, 48, 36][i]!, 4));
    const { cx, cy, width, height } = found[0]!.pose;
    [cx, cy, width, height].forEach((v, i) => expect(v).toBeCloseTo([84, 84, 36, 48][i]!, 4));
  });
});
