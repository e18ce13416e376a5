/**
 * Training crops for the learned box refiner (box-refiner.ts; train-box-refiner.py): tables of real
 * material (real-scene.ts; the calibration photographs only, the first 3 shots of each kind, as the
 * finder's), and round each face boxes proposed as the finder proposes them: the finder's own boxes
 * for it, and its true box moved, scaled, stretched and turned the way the finder errs (onto its
 * side or a neighbour). Each box's crop is cut exactly as box-refiner.ts cuts it, with where the
 * face's four corners lie in the crop. Seeds must stay clear of the benches' held-out ones (real
 * 29000-29023, synthetic 7000-7031) and of the development bench's (20000 and up):
 * train-box-refiner.sh uses 43000 and up.
 *
 *   npx tsx tools/vision/dump-refiner-crops.ts OUT_DIR --frames N --seed FIRST
 *
 * Writes OUT_DIR/crops.u8 (N x NET_H x NET_W x 3, RGB) and OUT_DIR/corners.f32 (N x 8: the face's
 * corners in the crop, 0..1, in the order of the crop's top-left, top-right, bottom-right,
 * bottom-left) and OUT_DIR/frames.json (the crops' count per frame).
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { correctTruth, readTruth, realPhotosDir, splitCalibration } from './real-set';
import { readJpeg } from './decode';
import { faceOfCrop, loadSurfaces, makeRealScene } from './real-scene';
import { inFace, seeded, type SceneTile } from './scene';
import { finderFromDisk } from './network-disk';
import { findFaceBoxes } from '../../src/vision/finder';
import { fitFrame } from '../../src/vision/image';
import { straighten, NET_H, NET_W } from '../../src/vision/embedding-input';
import { cropPose, poseOfCorners } from '../../src/vision/box-refiner';
import type { FacePose } from '../../src/vision/locate';

const out = process.argv[2]!;
const arg = (name: string, d: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : d;
};
const FRAMES = arg('--frames', 100),
  FIRST = arg('--seed', 43000);
const clear = (a: number, b: number) => FIRST + FRAMES <= a || FIRST > b;
if (!clear(29000, 29023) || !clear(7000, 7031) || !clear(20000, 20999)) throw new Error('The seeds overlap the benches.');
mkdirSync(out, { recursive: true });
const dir = realPhotosDir();
if (!dir) throw new Error('no real photographs');
const { calibrate } = splitCalibration(correctTruth(readTruth(join(dir, 'truth.json'))).entries, 3);
const faces = calibrate.map((e) => faceOfCrop(e.tile, readJpeg(e.file)));
const surfaces = loadSurfaces();
const finder = await finderFromDisk();
const rnd = seeded(FIRST + 1);
const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
const clip = (x: number, m: number) => Math.max(-m, Math.min(m, x));

/** A box moved by (dx, dy) of its size, scaled, stretched and turned. */
const jitter = (p: FacePose, shift: number, scale: number, turn: number): FacePose => {
  const s = Math.exp(gauss() * scale),
    a = Math.exp(gauss() * scale * 0.6);
  const dx = clip(gauss() * shift, 2.5 * shift) * p.width,
    dy = clip(gauss() * shift, 2.5 * shift) * p.height;
  return { cx: p.cx + dx, cy: p.cy + dy, angle: p.angle + gauss() * turn, width: p.width * s * a, height: (p.height * s) / a };
};

/** The face's corners in a box's crop (0..1), turned round to the crop's order (the art may lie
 *  any way up in it). */
const cornersIn = (p: FacePose, corners: readonly [number, number][]): number[] => {
  const c = cropPose(p),
    cos = Math.cos(c.angle),
    sin = Math.sin(c.angle);
  const q = corners.map(([x, y]) => [
    ((x - c.cx) * cos + (y - c.cy) * sin) / c.width + 0.5,
    (-(x - c.cx) * sin + (y - c.cy) * cos) / c.height + 0.5,
  ]);
  const home = [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ];
  let best = 0,
    bestD = Infinity;
  for (let r = 0; r < 4; r++) {
    const d = home.reduce((s, h, k) => s + (q[(k + r) % 4]![0]! - h[0]!) ** 2 + (q[(k + r) % 4]![1]! - h[1]!) ** 2, 0);
    if (d < bestD) [best, bestD] = [r, d];
  }
  return home.flatMap((_, k) => q[(k + best) % 4]!);
};

const cfd = openSync(join(out, 'crops.u8'), 'w'),
  qfd = openSync(join(out, 'corners.f32'), 'w');
const perFrame: number[] = [];
const t0 = Date.now();
for (let f = 0; f < FRAMES; f++) {
  const big = f % 3 === 2;
  const scene = makeRealScene(faces, surfaces, FIRST + f, { width: big ? 1920 : 1280, height: big ? 1080 : 720 });
  const { frame, scale } = fitFrame(scene.frame);
  const found = await findFaceBoxes(finder, frame);
  const boxes: { pose: FacePose; t: SceneTile }[] = [];
  for (const t of scene.tiles) {
    const corners = t.corners.map(([x, y]) => [x * scale, y * scale] as [number, number]);
    const truth = poseOfCorners(corners);
    const [bx, by, bw, bh] = t.box.map((v) => v * scale) as [number, number, number, number];
    // As the finder's target is: square to the frame, the box round the face, lying sideways or not.
    const square: FacePose = t.sideways
      ? { cx: bx + bw / 2, cy: by + bh / 2, angle: Math.PI / 2, width: bh, height: bw }
      : { cx: bx + bw / 2, cy: by + bh / 2, angle: 0, width: bw, height: bh };
    const tt = { ...t, corners };
    for (const fb of found)
      if (inFace(tt, fb.pose.cx, fb.pose.cy)) boxes.push({ pose: fb.pose, t: tt }, { pose: jitter(fb.pose, 0.05, 0.06, 0.03), t: tt });
    boxes.push({ pose: jitter(square, 0.15, 0.15, 0.04), t: tt }, { pose: jitter(square, 0.08, 0.1, 0.02), t: tt });
    boxes.push({ pose: jitter(truth, 0.04, 0.05, 0.05), t: tt }, { pose: jitter(truth, 0.15, 0.15, 0.2), t: tt });
  }
  for (const { pose, t } of boxes) {
    const crop = straighten(frame, cropPose(pose), NET_W, NET_H).data;
    const rgb = new Uint8Array(NET_W * NET_H * 3);
    for (let i = 0; i < NET_W * NET_H; i++) rgb.set(crop.subarray(i * 4, i * 4 + 3), i * 3);
    writeSync(cfd, rgb);
    writeSync(qfd, new Uint8Array(Float32Array.from(cornersIn(pose, t.corners)).buffer));
  }
  perFrame.push(boxes.length);
  if (f % 10 === 0) {
    writeFileSync(join(out, 'frames.json'), JSON.stringify(perFrame));
    console.error(`${f + 1} frames, ${perFrame.reduce((a, b) => a + b, 0)} crops, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}
closeSync(cfd);
closeSync(qfd);
writeFileSync(join(out, 'frames.json'), JSON.stringify(perFrame));
console.error(`${FRAMES} frames, ${perFrame.reduce((a, b) => a + b, 0)} crops in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
