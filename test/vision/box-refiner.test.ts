import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { boxOf, type FacePose } from '../../src/vision/locate';
import { boxIou } from '../../src/vision/finder';
import { refineBoxes } from '../../src/vision/box-refiner';
import { readJpeg } from '../../tools/vision/decode';
import { faceOfCrop, loadSurfaces, makeRealScene } from '../../tools/vision/real-scene';
import { finderFromDisk } from '../../tools/vision/network-disk';

// Real photographs (LICENSE.md in the folder) laid on a real surface as the bench's tables are.
const FIX = 'test/fixtures/vision-real';
const faces = (JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8')) as { file: string; tile: Tile }[]).map((e) =>
  faceOfCrop(e.tile, readJpeg(join(FIX, e.file))),
);

it("puts a box that took in the tile's side or a neighbour back on its face (real photographs on a real surface)", async () => {
  const { refiner } = await finderFromDisk();
  const scene = makeRealScene(faces, loadSurfaces(), 25001, { width: 1280, height: 720 });
  // As the finder errs: square to the frame, a sixth of the face onto a neighbour and taking in the side below.
  const boxes = scene.tiles.map(({ box: [x, y, w, h], sideways }): FacePose => {
    const [cx, cy] = [x + w / 2 + w / 6, y + h / 2 + h / 12];
    return sideways
      ? { cx, cy, angle: Math.PI / 2, width: h * 1.1, height: w * 1.15 }
      : { cx, cy, angle: 0, width: w * 1.1, height: h * 1.15 };
  });
  const refined = await refineBoxes(refiner, scene.frame, boxes);
  const fit = (ps: FacePose[]) => ps.map((p, i) => boxIou(boxOf(p), scene.tiles[i]!.box));
  const before = fit(boxes),
    after = fit(refined);
  expect(scene.tiles.length).toBeGreaterThan(10);
  expect(before.filter((v) => v > 0.8)).toEqual([]);
  // most boxes back on their faces (every one of them fits its face better than it did)
  expect(after.filter((v) => v > 0.8).length).toBeGreaterThanOrEqual(Math.ceil(0.8 * after.length));
  expect(after.filter((v, i) => v <= before[i]!)).toEqual([]);
});
