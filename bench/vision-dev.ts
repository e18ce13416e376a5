/**
 * The camera on the synthetic scenes its rules were developed on (tools/vision/scene.ts seeds
 * 1000-1015 and 5000-5031 with the bench's faces, 7-40 with the first 60 of them): the accuracy
 * test/vision once asserted scene by scene. test/vision keeps one small case for each rule; the
 * figures over every development scene are these. The held-out figures are bench/vision-scene.ts's.
 *
 * - dev_floor_right_*, dev_floor_wrong_*: readings of the whole floor (readFloor) whose centre
 *   lies in a face of the tile they name, and the others, over seeds 1000-1015 and 5000-5031.
 * - dev_scene_located, dev_scene_right: each tile of seeds 1000-1015 framed as the scene bench
 *   frames it (1.6 times the tile, off centre by up to a tenth): boxed, read right (of 336).
 * - dev_centred_right: each tile of seeds 1000-1015 framed at its centre, read right.
 * - dev_framed_*: each tile of seeds 13-40 (first 60 faces) framed at its centre: no box
 *   (`none`); framed as a player frames it: taken for a tile alone, and of those boxed off it.
 * - dev_framed_pieces, dev_framed_whole: seeds 7-12 framed at the centre: boxes under 60% of
 *   the face, whole faces boxed.
 * - dev_auto_record_wrong: wrong readings sure enough to be recorded by themselves (goal 0).
 *
 *   npx tsx bench/vision-dev.ts [--per-seed]   (--per-seed: the floor's right and wrong per scene)
 */
import { crop } from '../src/vision/image';
import { locateTile } from '../src/vision/locate-tight';
import { readTile } from '../src/vision/tile-set';
import { readFloor } from '../src/vision/floor';
import { AUTO_RECORD_AT } from '../src/vision/auto-record';
import { builtInSetFromDisk, finderFromDisk } from '../tools/vision/network-disk';
import { benchFaces, boxesTile, makeScene, playerFrame, seeded } from '../tools/vision/scene';

const perSeed = process.argv.includes('--per-seed');
const set = await builtInSetFromDisk();
const finder = await finderFromDisk();
const faces = benchFaces(),
  faces60 = benchFaces(undefined, 60);
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
let autoWrong = 0;

for (const [name, seeds] of [
  ['1000', range(1000, 1015)],
  ['5000', range(5000, 5031)],
] as const) {
  let right = 0,
    wrong = 0;
  for (const seed of seeds) {
    const scene = makeScene(faces, seed);
    let r = 0,
      w = 0;
    for (const f of await readFloor(scene.frame, set, finder)) {
      const cx = f.box[0] + f.box[2] / 2,
        cy = f.box[1] + f.box[3] / 2;
      const t = scene.tiles.find(({ box: [x, y, bw, bh] }) => cx > x && cx < x + bw && cy > y && cy < y + bh);
      if (t?.tile === f.tile) r++;
      else {
        w++;
        if (f.confidence >= AUTO_RECORD_AT) autoWrong++;
      }
    }
    if (perSeed) console.log(`vision.dev_floor_seed_${seed}: ${r} right ${w} wrong`);
    right += r;
    wrong += w;
  }
  console.log(`vision.dev_floor_right_${name}: ${right}`);
  console.log(`vision.dev_floor_wrong_${name}: ${wrong}`);
}

{
  const rnd = seeded(99);
  let n = 0,
    located = 0,
    right = 0,
    centred = 0;
  for (const seed of range(1000, 1015)) {
    const scene = makeScene(faces, seed);
    for (const t of scene.tiles) {
      n++;
      const { frame, ox, oy } = playerFrame(scene, t, rnd);
      const at = locateTile(frame);
      if (at.ok && boxesTile(at.pose, t, ox, oy)) located++;
      const r = await readTile(frame, set);
      if (r.ok && r.tile === t.tile) right++;
      else if (r.ok && r.confidence >= AUTO_RECORD_AT) autoWrong++;
      const [x, y, w, h] = t.box,
        size = Math.max(w, h) * 1.6;
      const c = await readTile(crop(scene.frame, x + w / 2 - size / 2, y + h / 2 - size / 2, size, size), set);
      if (c.ok && c.tile === t.tile) centred++;
      else if (c.ok && c.confidence >= AUTO_RECORD_AT) autoWrong++;
    }
  }
  console.log(`vision.dev_scene_tiles: ${n}`);
  console.log(`vision.dev_scene_located: ${located}`);
  console.log(`vision.dev_scene_right: ${right}`);
  console.log(`vision.dev_centred_right: ${centred}`);
}

{
  const rnd = seeded(99);
  let n = 0,
    none = 0,
    alone = 0,
    aloneOff = 0;
  for (const seed of range(13, 40)) {
    const scene = makeScene(faces60, seed);
    for (const t of scene.tiles) {
      n++;
      const [x, y, w, h] = t.box,
        size = Math.max(w, h) * 1.6;
      if (!locateTile(crop(scene.frame, x + w / 2 - size / 2, y + h / 2 - size / 2, size, size)).ok) none++;
      const { frame, ox, oy } = playerFrame(scene, t, rnd);
      const at = locateTile(frame);
      if (!at.ok || at.neighbours) continue;
      alone++;
      if (!boxesTile(at.pose, t, ox, oy)) aloneOff++;
    }
  }
  console.log(`vision.dev_framed_tiles: ${n}`);
  console.log(`vision.dev_framed_none: ${none}`);
  console.log(`vision.dev_framed_alone: ${alone}`);
  console.log(`vision.dev_framed_alone_off: ${aloneOff}`);
}

{
  let pieces = 0,
    whole = 0;
  for (const seed of range(7, 12)) {
    const scene = makeScene(faces60, seed);
    for (const {
      box: [x, y, w, h],
      corners: [top, , , bottom],
    } of scene.tiles) {
      const size = Math.max(w, h) * 1.6,
        face = Math.hypot(top![0] - bottom![0], top![1] - bottom![1]);
      const at = locateTile(crop(scene.frame, x + w / 2 - size / 2, y + h / 2 - size / 2, size, size));
      if (!at.ok) continue;
      const big = Math.max(at.pose.width, at.pose.height) / face;
      if (big < 0.6) pieces++;
      else if (Math.abs(at.pose.cx - size / 2) < w / 2 && Math.abs(at.pose.cy - size / 2) < h / 2 && big < 1.3) whole++;
    }
  }
  console.log(`vision.dev_framed_pieces: ${pieces}`);
  console.log(`vision.dev_framed_whole: ${whole}`);
}

console.log(`vision.dev_auto_record_wrong: ${autoWrong}`);
