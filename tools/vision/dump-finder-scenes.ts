/**
 * Training scenes for the learned face finder (train-finder.py): frames as the finder sees them
 * (finder-input.ts) with every face's box and which way up, written to a folder that is not kept.
 * Real scenes (real-scene.ts) are made of the calibration photographs only (the first 3 shots of
 * each kind: never on a bench table), synthetic ones of the calibration renders' generator
 * (scene.ts). Seeds must stay clear of the benches' held-out ones (real 29000-29023, synthetic
 * 7000-7031): train-finder.sh uses 40000 and up.
 *
 *   npx tsx tools/vision/dump-finder-scenes.ts OUT_DIR --real N --synthetic N --seed FIRST [--loose N] [--framed N]
 *
 * --loose N: each real table has 0 to N-1 loose tiles turned any way (default 5, as the bench's
 * tables); more of them teach the finder turned faces. --framed N: N frames more, each of a
 * player's regions round one face shown small on a grey canvas as framed.ts shows them to the
 * finder (a finder taught on tables alone misses a face that fills a tight crop).
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
import { finderInput, FINDER_H, FINDER_W } from '../../src/vision/finder-input';
import { crop } from '../../src/vision/image';
import { FRAMED_TUNING } from '../../src/vision/finder-tuning';

const out = process.argv[2]!;
const arg = (name: string, d: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : d;
};
const REAL = arg('--real', 200),
  SYN = arg('--synthetic', 50),
  FIRST = arg('--seed', 40000),
  LOOSE = arg('--loose', 5),
  FRAMED = arg('--framed', 0);
/** The synthetic frames' seeds start this far after the first (the real ones' never reach it). */
const SYN_SEEDS = 400;
if (REAL > SYN_SEEDS) throw new Error(`At most ${SYN_SEEDS} real frames a run.`);
const clear = (a: number, b: number) => FIRST + SYN_SEEDS + SYN + FRAMED <= a || FIRST > b;
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
// Framed frames: a player's regions round one face (framed.ts), each shown small as locateFramed
// shows it (the face about FRAMED_TUNING.faceSide canvas pixels at one of its shares), several
// laid on one grey canvas, one at its top-left corner where locateFramed puts it.
for (let f = 0; f < FRAMED; f++) {
  const scene = makeRealScene(faces, surfaces, FIRST + SYN_SEEDS + SYN + f, { width: 1280, height: 720, loose: LOOSE });
  const data = new Float32Array(3 * FINDER_W * FINDER_H),
    plane = FINDER_W * FINDER_H;
  const truth: number[][] = [];
  for (let k = 0, px = 0, py = 0, rowH = 0; k < 12; k++) {
    const t = scene.tiles[Math.floor(rnd() * scene.tiles.length)]!;
    const [x, y, w, h] = t.box;
    const size = Math.max(w, h) * (1 + rnd() * 0.7);
    const cx = x + w / 2 + (rnd() - 0.5) * 0.2 * w,
      cy = y + h / 2 + (rnd() - 0.5) * 0.2 * h;
    const region = crop(scene.frame, cx - size / 2, cy - size / 2, size, size);
    const ox = Math.max(0, Math.round(cx - size / 2)),
      oy = Math.max(0, Math.round(cy - size / 2));
    const share = FRAMED_TUNING.shares[Math.floor(rnd() * FRAMED_TUNING.shares.length)]!;
    const side = Math.max(region.width, region.height);
    const { data: patch, scale } = finderInput(region, Math.min(finderInput(region).scale, FRAMED_TUNING.faceSide / (share * side)));
    const pw = Math.ceil(region.width * scale),
      ph = Math.ceil(region.height * scale);
    if (px + pw > FINDER_W) {
      px = 0;
      py += rowH + 8 + Math.floor(rnd() * 16);
      rowH = 0;
    }
    if (py + ph > FINDER_H) break;
    for (let c = 0; c < 3; c++)
      for (let yy = 0; yy < ph; yy++)
        data.set(patch.subarray(c * plane + yy * FINDER_W, c * plane + yy * FINDER_W + pw), c * plane + (py + yy) * FINDER_W + px);
    for (const u of scene.tiles) {
      const [ux, uy, uw, uh] = u.box;
      const ucx = (ux + uw / 2 - ox) * scale,
        ucy = (uy + uh / 2 - oy) * scale;
      if (ucx < 0 || ucy < 0 || ucx >= pw || ucy >= ph) continue;
      truth.push([px + ucx, py + ucy, uw * scale, uh * scale, u.sideways ? 1 : 0].map((v) => Math.round(v * 100) / 100));
    }
    rowH = Math.max(rowH, ph);
    px += pw + 8 + Math.floor(rnd() * 16);
  }
  writeSync(fd, new Uint8Array(data.buffer));
  boxes.push(truth);
}
closeSync(fd);
writeFileSync(join(out, 'boxes.json'), JSON.stringify(boxes));
console.error(`${boxes.length} frames in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
