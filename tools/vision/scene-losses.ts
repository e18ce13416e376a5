/**
 * Where the scene bench (bench/vision-scene.ts) loses tiles framed among neighbours: for every tile
 * not located or misread, what the locator said, each box it gave (refined as readTile refines it)
 * against the true face (its sides in the face's own 0..1 measure: 0 0 1 1 is exact), and what
 * each box read. Same frames as the bench (same seeds, same framing draws).
 *
 *   npx tsx tools/vision/scene-losses.ts [--scenes N] [--seed FIRST] [--all]
 */
import type { Frame } from '../../src/vision/image';
import { locateTile } from '../../src/vision/locate-tight';
import type { FacePose } from '../../src/vision/locate';
import { describeTile, lookAgain, lookAt, rankKinds, readTile } from '../../src/vision/tile-set';
import { refineBoxes } from '../../src/vision/refine-box';
import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { builtInSetFromDisk } from './network-disk';
import { benchFaces, boxesTile, makeScene, playerFrame, seeded } from './scene';
import { sides } from './face-measure';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const N = arg('--scenes', 8),
  FIRST = arg('--seed', 1000),
  ALL = process.argv.includes('--all');
const DUMP = process.argv.includes('--dump') ? process.argv[process.argv.indexOf('--dump') + 1] : '';
/** The frame 3x larger with boxes drawn (truth green, boxes red, refined blue). */
const dump = (f: Frame, boxes: [FacePose, [number, number, number]][], name: string) => {
  const Z = 3,
    png = new PNG({ width: f.width * Z, height: f.height * Z });
  for (let y = 0; y < f.height * Z; y++)
    for (let x = 0; x < f.width * Z; x++) {
      const i = (Math.floor(y / Z) * f.width + Math.floor(x / Z)) * 4,
        o = (y * f.width * Z + x) * 4;
      for (let c = 0; c < 4; c++) png.data[o + c] = f.data[i + c]!;
    }
  for (const [p, col] of boxes) {
    const c = Math.cos(p.angle),
      s = Math.sin(p.angle);
    const pt = (u: number, v: number) => [(p.cx + u * p.width * c - v * p.height * s) * Z, (p.cy + u * p.width * s + v * p.height * c) * Z];
    for (let k = 0; k < 400; k++) {
      const t = k / 400 - 0.5;
      for (const [x, y] of [pt(t, -0.5), pt(t, 0.5), pt(-0.5, t), pt(0.5, t)]) {
        const xi = Math.round(x!),
          yi = Math.round(y!);
        if (xi >= 0 && yi >= 0 && xi < f.width * Z && yi < f.height * Z) {
          const o = (yi * f.width * Z + xi) * 4;
          png.data[o] = col[0];
          png.data[o + 1] = col[1];
          png.data[o + 2] = col[2];
        }
      }
    }
  }
  writeFileSync(`${DUMP}/${name}.png`, PNG.sync.write(png));
};
const set = builtInSetFromDisk();
const faces = benchFaces();
const rnd = seeded(99);
const f2 = (x: number) => x.toFixed(2),
  f3 = (x: number) => x.toFixed(3);

const worst = (q: ReturnType<typeof sides>) => Math.max(Math.abs(q.u0), Math.abs(q.u1 - 1), Math.abs(q.v0), Math.abs(q.v1 - 1));
const readAt = (frame: Frame, pose: FacePose) => {
  const o = describeTile(frame, 'read', { ok: true, pose });
  const r = o.ok ? rankKinds(o.d, set.entries, set.views) : [];
  return r[0] ? `${r[0].tile}@${f2(r[0].confidence)}` : '-';
};

const tally = new Map<string, number>();
const count = (k: string) => tally.set(k, (tally.get(k) ?? 0) + 1);
let tiles = 0,
  sideways = 0,
  lostBox = 0;
for (let s = 0; s < N; s++) {
  const scene = makeScene(faces, FIRST + s);
  for (const [ti, t] of scene.tiles.entries()) {
    const { frame, ox, oy } = playerFrame(scene, t, rnd);
    tiles++;
    if (t.sideways) sideways++;
    const where = locateTile(frame);
    let located = false;
    if (where.ok) {
      located = boxesTile(where.pose, t, ox, oy);
      const q = where.neighbours ? refineBoxes(frame, where.pose).box : where.pose;
      if (!boxesTile(q, t, ox, oy)) count('not located once refined');
    } else count('not located once refined');
    const r = readTile(frame, set);
    const ok = r.ok && r.tile === t.tile;
    if (!located) lostBox++;
    if (!located) count(`not located: ${where.ok ? 'box off' : where.error}`);
    if (!ok) count(`misread (${t.sideways ? 'sideways' : 'upright'})`);
    if (located && ok && !ALL) continue;
    const head = `seed ${FIRST + s} tile ${ti} ${t.tile}${t.sideways ? ' sideways' : ''}: ${located ? 'located' : 'NOT located'}, read ${r.ok ? `${r.tile}@${f2(r.confidence)}` : r.error}${ok ? '' : ' WRONG'}`;
    console.log(head);
    if (!where.ok) continue;
    const poses = [where.pose, ...(where.others ?? [])];
    for (const [i, p] of poses.entries()) {
      const refined = where.neighbours ? refineBoxes(frame, p) : undefined,
        q = refined?.box ?? p;
      const a = sides(p, t, ox, oy),
        b = sides(q, t, ox, oy);
      console.log(
        `  ${i ? 'other' : 'pose '} ${where.neighbours ? 'nb' : 'alone'} raw ${f2(a.u0)} ${f2(a.v0)} ${f2(a.u1)} ${f2(a.v1)}${a.turned ? ' TURNED' : ''} -> refined ${f2(b.u0)} ${f2(b.v0)} ${f2(b.u1)} ${f2(b.v1)} worst ${f2(worst(b))} reads ${readAt(frame, q)}`,
      );
      const whole = refined?.whole;
      if (whole) {
        const c = sides(whole, t, ox, oy);
        console.log(
          `    whole ${f2(c.u0)} ${f2(c.v0)} ${f2(c.u1)} ${f2(c.v1)}${c.turned ? ' TURNED' : ''} worst ${f2(worst(c))} reads ${readAt(frame, whole)}`,
        );
      }
    }
    // What the reader makes of the true face: the box it could have had.
    const [a, bb, , d] = t.corners;
    const tp: FacePose = {
      cx: (a![0] + t.corners[2]![0]) / 2 - ox,
      cy: (a![1] + t.corners[2]![1]) / 2 - oy,
      angle: Math.atan2(-(d![0] - a![0]), d![1] - a![1]),
      width: Math.hypot(bb![0] - a![0], bb![1] - a![1]),
      height: Math.hypot(d![0] - a![0], d![1] - a![1]),
    };
    // The second look's best box (readTile looks again among neighbours below 80%), and how
    // closely the exact box matches: the second look wins only above 0.92 and every box given.
    const boxes = where.neighbours ? poses.map((p) => refineBoxes(frame, p)).flatMap((r) => (r.whole ? [r.box, r.whole] : [r.box])) : poses;
    const again = lookAgain(frame, boxes, set),
      exact = lookAt(frame, tp, set),
      given = Math.max(...boxes.map((p) => lookAt(frame, p, set).closeness));
    const w2 = worst(sides(again.pose, t, ox, oy));
    console.log(
      `  again ${again.cands[0]?.tile}@${f2(again.cands[0]?.confidence ?? 0)} close ${f3(again.closeness)} worst ${f2(w2)} (given ${f3(given)}); truth close ${f3(exact.closeness)}`,
    );
    console.log(`  truth reads ${readAt(frame, tp)}`);
    if (DUMP)
      dump(
        frame,
        [
          [tp, [0, 255, 0]],
          ...poses.map((p, i) => [p, i ? [255, 0, 255] : [255, 0, 0]] as [FacePose, [number, number, number]]),
          ...poses.map((p) => [refineBoxes(frame, p).box, [0, 0, 255]] as [FacePose, [number, number, number]]),
        ],
        `${FIRST + s}-${ti}`,
      );
  }
}
const lost = (k: string) => tally.get(k) ?? 0;
// The bench's three figures (bench/vision-scene.ts), without its floor and new-discard parts.
console.log(
  `tiles ${tiles}: located ${f3(1 - lostBox / tiles)}, upright ${f3(1 - lost('misread (upright)') / (tiles - sideways))}, sideways ${f3(1 - lost('misread (sideways)') / sideways)}`,
);
for (const [k, n] of [...tally].sort()) console.log(`${k}: ${n}`);
