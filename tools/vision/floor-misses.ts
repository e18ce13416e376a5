/**
 * Why the whole floor (src/vision/floor.ts) misses a face or reports a false one, on synthetic
 * scenes (tools/vision/scene.ts): each face not read right is put in one class, by what the boxes
 * found on it (under every paleness bar, each put on its face's edges as floor.ts does) read when
 * each is read alone; each false reading too. `[true box misread too]`: even the face's exact box
 * reads wrong (the reader's fault, not the boxes').
 *
 *   npx tsx tools/vision/floor-misses.ts [--scenes N] [--seed FIRST] [--list]
 */
import type { Frame } from '../../src/vision/image';
import type { FacePose } from '../../src/vision/locate';
import { findFacesUnder } from '../../src/vision/find-faces';
import { readFloor } from '../../src/vision/floor';
import { floorLooks } from '../../src/vision/floor-looks';
import { refineBoxes } from '../../src/vision/refine-box';
import { shippedNet } from '../../src/vision/embedding';
import { builtInSetFromDisk } from './network-disk';
import { benchFaces, makeScene, type SceneTile } from './scene';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const N = arg('--scenes', 16),
  FIRST = arg('--seed', 1000),
  LIST = process.argv.includes('--list');
const BARS = [0.7, 0.6, 0.5, 0.4],
  WEAK = 0.4;
const set = builtInSetFromDisk(),
  net = shippedNet(),
  faces = benchFaces();

/** The true face as a pose (its width along its art's top edge). */
const truePose = (t: SceneTile): FacePose => {
  const [tl, tr, , bl] = t.corners as [number, number][];
  const cx = t.corners.reduce((s, c) => s + c[0], 0) / 4,
    cy = t.corners.reduce((s, c) => s + c[1], 0) / 4;
  return {
    cx,
    cy,
    angle: Math.atan2(tr![1] - tl![1], tr![0] - tl![0]),
    width: Math.hypot(tr![0] - tl![0], tr![1] - tl![1]),
    height: Math.hypot(bl![0] - tl![0], bl![1] - tl![1]),
  };
};
const insidePose = (p: FacePose, x: number, y: number) => {
  const dx = x - p.cx,
    dy = y - p.cy,
    c = Math.cos(p.angle),
    s = Math.sin(p.angle);
  return Math.abs(dx * c + dy * s) <= p.width / 2 && Math.abs(-dx * s + dy * c) <= p.height / 2;
};
/** Intersection over union of two rotated boxes, by sampling. */
const iou = (p: FacePose, q: FacePose) => {
  const r = Math.max(p.width, p.height, q.width, q.height);
  const x0 = Math.min(p.cx, q.cx) - r,
    y0 = Math.min(p.cy, q.cy) - r,
    x1 = Math.max(p.cx, q.cx) + r,
    y1 = Math.max(p.cy, q.cy) + r;
  let i = 0,
    u = 0;
  for (let y = y0; y < y1; y += (y1 - y0) / 60)
    for (let x = x0; x < x1; x += (x1 - x0) / 60) {
      const a = insidePose(p, x, y),
        b = insidePose(q, x, y);
      if (a && b) i++;
      if (a || b) u++;
    }
  return u ? i / u : 0;
};
const inBox = ({ box: [x, y, w, h] }: SceneTile, px: number, py: number) => px > x && px < x + w && py > y && py < y + h;
const readAlone = (frame: Frame, pose: FacePose) => floorLooks(frame, set, net).read(pose)!;

const classes = new Map<string, number>(),
  falses = new Map<string, number>();
const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
let truthN = 0,
  right = 0,
  reported = 0;
const cpu: number[] = [];
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
for (let s = 0; s < N; s++) {
  const scene = makeScene(faces, FIRST + s),
    frame = scene.frame;
  const c0 = cpuMs();
  const floor = readFloor(frame, set, net);
  cpu.push(cpuMs() - c0);
  reported += floor.length;
  const found = findFacesUnder(frame, BARS).flatMap((fs, bar) =>
    fs.filter((f) => !f.cut).map((f) => ({ pose: refineBoxes(frame, f.pose).box, bar })),
  );
  const ownerOf = (x: number, y: number) => scene.tiles.find((t) => inBox(t, x, y));
  for (const f of floor) {
    const cx = f.box[0] + f.box[2] / 2,
      cy = f.box[1] + f.box[3] / 2,
      t = ownerOf(cx, cy);
    if (t && t.tile === f.tile) continue;
    const twin = t && floor.some((g) => g !== f && g.tile === t.tile && ownerOf(g.box[0] + g.box[2] / 2, g.box[1] + g.box[3] / 2) === t);
    const k = !t ? 'off every face' : twin ? 'second reading of a face read right' : 'misread face';
    count(falses, k);
    if (LIST)
      console.log(
        `false seed ${FIRST + s} ${k} at ${cx.toFixed(0)},${cy.toFixed(0)} read ${f.tile} ${f.confidence.toFixed(2)}${t ? ` truth ${t.tile}` : ''}`,
      );
  }
  for (const t of scene.tiles) {
    truthN++;
    const truth = truePose(t);
    const mine = floor.filter((f) => ownerOf(f.box[0] + f.box[2] / 2, f.box[1] + f.box[3] / 2) === t);
    if (mine.some((f) => f.tile === t.tile)) {
      right++;
      continue;
    }
    const boxes = found
      .filter((f) => ownerOf(f.pose.cx, f.pose.cy) === t)
      .map((f) => ({ ...f, fit: iou(f.pose, truth), r: readAlone(frame, f.pose) }));
    const trueRead = readAlone(frame, truth);
    let k: string;
    const rightOnes = boxes.filter((b) => b.r.best.tile === t.tile);
    if (!boxes.length) k = 'no box';
    else if (rightOnes.some((b) => b.r.best.confidence >= WEAK))
      k = mine.length ? 'dropped for a wrong box of its own' : 'lost in grouping/overlap';
    else if (rightOnes.length) k = 'right but weak';
    else {
      const best = [...boxes].sort((a, b) => b.fit - a.fit)[0]!;
      const turned = readAlone(frame, {
        ...best.pose,
        angle: best.pose.angle + Math.PI / 2,
        width: best.pose.height,
        height: best.pose.width,
      });
      if (best.fit >= 0.75) k = turned.best.tile === t.tile ? 'well boxed, right a quarter turn round' : 'well boxed, misread';
      else k = 'box off';
    }
    k += trueRead.best.tile === t.tile ? '' : ' [true box misread too]';
    count(classes, k);
    if (LIST)
      console.log(
        `miss seed ${FIRST + s} ${t.tile} ${t.sideways ? 'sideways' : 'upright'} at ${truth.cx.toFixed(0)},${truth.cy.toFixed(0)}: ${k}; got ${mine.map((f) => `${f.tile} ${f.confidence.toFixed(2)}`).join(', ') || 'nothing'}; boxes ${boxes.map((b) => `bar${BARS[b.bar]} fit ${b.fit.toFixed(2)} ${b.r.best.tile} ${b.r.best.confidence.toFixed(2)}`).join(' | ')}`,
      );
  }
}
console.log(
  `seeds ${FIRST}-${FIRST + N - 1}: recall ${(right / truthN).toFixed(3)} (${right}/${truthN}), precision ${(right / reported).toFixed(3)} (${right}/${reported})`,
);
console.log(`floor CPU ms per frame p50 ${[...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)]!.toFixed(0)}`);
console.log('misses:');
for (const [k, n] of [...classes].sort((a, b) => b[1] - a[1])) console.log(`  ${n}  ${k}`);
console.log('false readings:');
for (const [k, n] of [...falses].sort((a, b) => b[1] - a[1])) console.log(`  ${n}  ${k}`);
