/**
 * The learned face finder alone (finder.ts), on tables of real material made of the photographs it
 * was not trained on (all but the calibration shots), at several score bars: how many true faces
 * have a box centred on them the right way up, and how many boxes are on no face. For choosing
 * finder-tuning.ts's values on development seeds (20000 and up; never the held-out 29000-29023).
 *
 *   npx tsx tools/vision/finder-check.ts [--scenes N] [--seed FIRST]
 */
import { join } from 'node:path';
import { correctTruth, readTruth, realPhotosDir, splitCalibration } from './real-set';
import { readJpeg } from './decode';
import { faceOfCrop, loadSurfaces, makeRealScene } from './real-scene';
import { finderFromDisk } from './network-disk';
import { findFaceBoxes } from '../../src/vision/finder';
import { FINDER_TUNING } from '../../src/vision/finder-tuning';

const arg = (name: string, d: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : d;
};
const N = arg('--scenes', 8),
  FIRST = arg('--seed', 20000);
const { read } = splitCalibration(correctTruth(readTruth(join(realPhotosDir()!, 'truth.json'))).entries, 3);
const faces = read.map((e) => faceOfCrop(e.tile, readJpeg(e.file)));
const surfaces = loadSurfaces();
const finder = await finderFromDisk();
const bars = [0.15, 0.2, 0.25, 0.3, 0.4, 0.5];
const found = bars.map(() => 0),
  turned = bars.map(() => 0),
  extra = bars.map(() => 0);
let truth = 0;
const ms: number[] = [];
for (let s = 0; s < N; s++) {
  const big = s % 3 === 2;
  const scene = makeRealScene(faces, surfaces, FIRST + s, { width: big ? 1920 : 1280, height: big ? 1080 : 720 });
  const t0 = performance.now();
  const boxes = await findFaceBoxes(finder, scene.frame, { ...FINDER_TUNING, score: bars[0]! });
  ms.push(performance.now() - t0);
  truth += scene.tiles.length;
  bars.forEach((bar, b) => {
    const hits = scene.tiles.map(() => 0);
    for (const f of boxes.filter((x) => x.score >= bar)) {
      const at = scene.tiles.findIndex(({ box: [x, y, w, h] }) => f.pose.cx > x && f.pose.cx < x + w && f.pose.cy > y && f.pose.cy < y + h);
      if (at < 0 || hits[at]! > 0) extra[b]!++;
      else {
        found[b]!++;
        if (f.sideways !== scene.tiles[at]!.sideways) turned[b]!++;
      }
      if (at >= 0) hits[at]!++;
    }
  });
}
const r3 = (x: number) => Math.round(x * 1000) / 1000;
bars.forEach((bar, b) =>
  console.log(
    `finder.score_${bar}: found ${r3(found[b]! / truth)}, the wrong way up ${r3(turned[b]! / truth)}, false per frame ${r3(extra[b]! / N)}`,
  ),
);
console.log(`finder.ms_p50: ${r3(ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)]!)}`);
