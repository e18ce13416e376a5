/**
 * Training scenes for the learned face finder (train-finder.py): frames as the finder sees them
 * (finder-input.ts) with every face's box and which way up, written to a folder that is not kept.
 * Real scenes (real-scene.ts) are made of the calibration photographs only (the first 3 shots of
 * each kind: never on a bench table), synthetic ones of the calibration renders' generator
 * (scene.ts). Seeds must stay clear of the benches' held-out ones (real 29000-29023, synthetic
 * 7000-7031): train-finder.sh uses 40000 and up.
 *
 *   npx tsx tools/vision/dump-finder-scenes.ts OUT_DIR --real N --synthetic N --seed FIRST [--loose N]
 *
 * --loose N: each real table has 0 to N-1 loose tiles turned any way (default 5, as the bench's
 * tables); more of them teach the finder turned faces.
 *
 * Writes OUT_DIR/frames.f32 (N x 3 x FINDER_H x FINDER_W, float32) and OUT_DIR/boxes.json
 * ([[cx, cy, w, h, sideways], ...] per frame, in canvas pixels).
 */
import { mkdirSync, openSync, writeSync, closeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { correctTruth, readTruth, realPhotosDir, splitCalibration } from './real-set';
import { readJpeg } from './decode';
import { faceOfCrop, loadSurfaces, makeRealScene } from './real-scene';
import { benchFaces, makeScene, seeded, type Scene } from './scene';
import { finderInput } from '../../src/vision/finder-input';

const out = process.argv[2]!;
const arg = (name: string, d: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : d;
};
const REAL = arg('--real', 200),
  SYN = arg('--synthetic', 50),
  FIRST = arg('--seed', 40000),
  LOOSE = arg('--loose', 5);
/** The synthetic frames' seeds start this far after the first (the real ones' never reach it). */
const SYN_SEEDS = 400;
if (REAL > SYN_SEEDS) throw new Error(`At most ${SYN_SEEDS} real frames a run.`);
const clear = (a: number, b: number) => FIRST + SYN_SEEDS + SYN <= a || FIRST > b;
if (!clear(29000, 29023) || !clear(7000, 7031)) throw new Error("The seeds overlap the benches' held-out ones.");
mkdirSync(out, { recursive: true });
const dir = realPhotosDir();
if (!dir) throw new Error('no real photographs');
const { calibrate } = splitCalibration(correctTruth(readTruth(join(dir, 'truth.json'))).entries, 3);
const faces = calibrate.map((e) => faceOfCrop(e.tile, readJpeg(e.file)));
const surfaces = loadSurfaces();
const synFaces = benchFaces();
const fd = openSync(join(out, 'frames.f32'), 'w');
const boxes: number[][][] = [];
const rnd = seeded(FIRST);
const put = (scene: Scene) => {
  const { data, scale } = finderInput(scene.frame);
  writeSync(fd, new Uint8Array(data.buffer));
  boxes.push(
    scene.tiles.map((t) => {
      const [x, y, w, h] = t.box;
      return [(x + w / 2) * scale, (y + h / 2) * scale, w * scale, h * scale, t.sideways ? 1 : 0].map((v) => Math.round(v * 100) / 100);
    }),
  );
  // Written as it goes: the frames so far can be trained on while more are drawn.
  if (boxes.length % 10 === 0) writeFileSync(join(out, 'boxes.json'), JSON.stringify(boxes));
};
const t0 = Date.now();
// Every fifth frame a synthetic one, so the frames written so far are a fair mix.
for (let i = 0, real = 0, syn = 0; real < REAL || syn < SYN; i++) {
  if ((i % 5 === 4 && syn < SYN) || real >= REAL) {
    put(makeScene(synFaces, FIRST + SYN_SEEDS + syn++, { width: 640, height: 360, sideways: rnd() * 0.4, perspective: 0.1 + rnd() * 0.3 }));
    continue;
  }
  // Mostly drawn at 640x360 (four times quicker to draw; the finder sees a quarter of 1280x720 anyway).
  const big = rnd() < 0.2;
  put(makeRealScene(faces, surfaces, FIRST + real++, { width: big ? 1280 : 640, height: big ? 720 : 360, loose: LOOSE }));
  if (i % 20 === 0) console.error(`${i} frames, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
closeSync(fd);
writeFileSync(join(out, 'boxes.json'), JSON.stringify(boxes));
console.error(`${boxes.length} frames in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
