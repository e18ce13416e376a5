/**
 * Faces for the reading network cut out where the learned face finder boxes them (train-embedding.py
 * --scene-faces): real-material tables (real-scene.ts) read the way floor-learned.ts reads them (the
 * frame fitted, the finder's boxes put on their faces' edges by refine-box.ts), each box whose centre
 * lies on a true face cut out with the network's margin (embedding-input.ts faceWithMargin) and
 * labelled with that face's tile. So the network learns faces as the finder boxes them at a table:
 * small, in perspective, under uneven light, a little off centre, loose ones turned.
 *
 * Cross-validation as the bench keeps it: the tables for fold K are made only of the photographs
 * read outside fold K (`without: K`), so fold K's network may learn them and still never see a
 * photograph the bench scores it on; the calibration shots (the built-in set) are never laid.
 * Seeds must stay clear of the benches' (real held-out 29000-29023; development 20000-20099; the
 * finder's training 40000-41999): train-embedding.sh uses 44000 and up.
 *
 *   npx tsx tools/vision/dump-reader-scenes.ts OUT_DIR --tables N --seed FIRST
 *
 * Writes OUT_DIR/faces.bin (uint8 RGB, EXPORT_H x EXPORT_W per face) and OUT_DIR/faces.json
 * ({width, height, faces: [{tile, source: 'scene', role: 'read', without}]}).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { correctTruth, FOLDS, foldOf, readTruth, realPhotosDir, splitCalibration } from './real-set';
import { readJpeg } from './decode';
import { faceOfCrop, loadSurfaces, makeRealScene } from './real-scene';
import type { SceneTile } from './scene';
import { finderFromDisk } from './network-disk';
import { findFaceBoxes } from '../../src/vision/finder';
import { refineBoxes } from '../../src/vision/refine-box';
import { fitFrame } from '../../src/vision/image';
import { straighten } from '../../src/vision/features';
import { netPose, EXPORT_H, EXPORT_W, MARGIN } from '../../src/vision/embedding-input';
import type { FacePose } from '../../src/vision/locate';

const out = process.argv[2]!;
const arg = (name: string, d: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : d;
};
const TABLES = arg('--tables', 40),
  FIRST = arg('--seed', 44000);
const clear = (lo: number, hi: number) => FIRST + TABLES * FOLDS <= lo || FIRST > hi;
if (!clear(29000, 29023) || !clear(20000, 20099) || !clear(40000, 41999))
  throw new Error("The seeds overlap the benches' or the finder's training seeds.");
const dir = realPhotosDir();
if (!dir) throw new Error('no real photographs');
const { read } = splitCalibration(correctTruth(readTruth(join(dir, 'truth.json'))).entries, 3);
const faces = read.map((e, i) => ({ fold: foldOf(i), face: faceOfCrop(e.tile, readJpeg(e.file)) }));
const surfaces = loadSurfaces();
const finder = await finderFromDisk();

/** Is (x, y) inside the face's four corners (a convex quadrilateral)? */
const inFace = (t: SceneTile, x: number, y: number) => {
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    const [x0, y0] = t.corners[k]!,
      [x1, y1] = t.corners[(k + 1) % 4]!;
    const s = Math.sign((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0));
    if (s !== 0 && sign !== 0 && s !== sign) return false;
    if (s !== 0) sign = s;
  }
  return true;
};
/** How far the face's art is turned from the box's upright axis, upside down alike (0..π/2). */
const apart = (t: SceneTile, p: FacePose) => {
  const d = Math.abs((t.angle * Math.PI) / 180 - p.angle) % Math.PI;
  return Math.min(d, Math.PI - d);
};

mkdirSync(out, { recursive: true });
const cut: Uint8Array[] = [];
const meta: { tile: string; source: string; role: string; without: number }[] = [];
const add = (frame: Parameters<typeof straighten>[0], pose: FacePose, tile: string, without: number) => {
  const f = straighten(frame, netPose(pose, [0, 0, MARGIN]), EXPORT_W, EXPORT_H);
  const rgb = new Uint8Array(EXPORT_W * EXPORT_H * 3);
  for (let i = 0; i < EXPORT_W * EXPORT_H; i++) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = f.data[i * 4 + c]!;
  cut.push(rgb);
  meta.push({ tile, source: 'scene', role: 'read', without });
};
const t0 = Date.now();
let skipped = 0;
for (let k = 0; k < FOLDS; k++) {
  const laid = faces.filter((f) => f.fold !== k).map((f) => f.face);
  for (let n = 0; n < TABLES; n++) {
    const seed = FIRST + k * TABLES + n,
      big = n % 3 === 2;
    const scene = makeRealScene(laid, surfaces, seed, { width: big ? 1920 : 1280, height: big ? 1080 : 720 });
    const { frame, scale } = fitFrame(scene.frame);
    for (const b of await findFaceBoxes(finder, frame)) {
      const at = scene.tiles.find((t) => inFace(t, b.pose.cx / scale, b.pose.cy / scale));
      // A box the wrong way round (a sideways face boxed upright) teaches nothing the reader's
      // quarter-turn look does not already cover.
      if (!at || apart(at, b.pose) > Math.PI / 4) {
        skipped++;
        continue;
      }
      const refined = refineBoxes(frame, b.pose).box;
      add(frame, refined, at.tile, k);
      // The finder's own box too, half the time: the reader also looks round it (floor-looks.ts).
      if (seed % 2 === 0) add(frame, b.pose, at.tile, k);
    }
    if (n % 10 === 9) console.error(`fold ${k}: ${n + 1} tables, ${cut.length} faces, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}
const all = new Uint8Array(cut.length * EXPORT_W * EXPORT_H * 3);
cut.forEach((f, i) => all.set(f, i * f.length));
writeFileSync(join(out, 'faces.bin'), all);
writeFileSync(join(out, 'faces.json'), JSON.stringify({ width: EXPORT_W, height: EXPORT_H, faces: meta }));
console.error(`wrote ${cut.length} faces (${skipped} boxes on no face or the wrong way round) to ${out}`);
