/**
 * How far the floor's boxes lie from their true faces on synthetic scenes: every face found under
 * the floor's bars (find-faces.ts), put on its edges (refine-box.ts), measured in its true face's
 * own 0..1 measure (sides: 0 0 1 1 is exact), and each face's nearest box classed by its largest
 * error. Which error is commonest is the one to mend.
 *   npx tsx tools/vision/box-errors.ts [--scenes N] [--seed FIRST] [--list]
 */
import type { FacePose } from '../../src/vision/locate';
import { findFacesUnder } from '../../src/vision/find-faces';
import { refineBoxes } from '../../src/vision/refine-box';
import { benchFaces, makeScene, type SceneTile } from './scene';
import { sides } from './face-measure';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const N = arg('--scenes', 16),
  FIRST = arg('--seed', 5000),
  LIST = process.argv.includes('--list');
const BARS = [0.7, 0.6, 0.5, 0.4];
const faces = benchFaces();

/** A rectangle cannot follow a face seen as a parallelogram (its sides leaning at the frame's
 *  sides): judged by its centre's offset (du, dv: shares of the face's width and height) and its
 *  area against the face's. */
const off = (p: FacePose, t: SceneTile) => {
  const q = sides(p, t),
    [a, b, , d] = t.corners as [[number, number], [number, number], unknown, [number, number]];
  const faceArea = Math.abs((b[0] - a[0]) * (d[1] - a[1]) - (b[1] - a[1]) * (d[0] - a[0]));
  return { du: (q.u0 + q.u1) / 2 - 0.5, dv: (q.v0 + q.v1) / 2 - 0.5, area: (p.width * p.height) / faceArea, turned: q.turned };
};
type Off = ReturnType<typeof off>;
const worst = (o: Off) => Math.max(Math.abs(o.du), Math.abs(o.dv), Math.abs(Math.log(o.area)) / 2);
/** The largest error's kind: the centre off across the face or along it (u, v: the art's), too large or too small. */
const kind = (o: Off, t: SceneTile) => {
  const e = [
    [o.du > 0 ? 'off +u' : 'off -u', Math.abs(o.du)],
    [o.dv > 0 ? 'off +v' : 'off -v', Math.abs(o.dv)],
    [o.area > 1 ? 'too large' : 'too small', Math.abs(Math.log(o.area)) / 2],
  ] as const;
  const [name] = [...e].sort((x, y) => y[1] - x[1])[0]!;
  return `${t.sideways ? 'sw' : 'up'} ${name}`;
};
const inBox = ({ box: [x, y, w, h] }: SceneTile, px: number, py: number) => px > x && px < x + w && py > y && py < y + h;

const byKind = new Map<string, number>();
const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
let n = 0,
  good = 0,
  goodRaw = 0,
  none = 0,
  turned = 0;
for (let s = 0; s < N; s++) {
  const scene = makeScene(faces, FIRST + s),
    frame = scene.frame;
  const found = findFacesUnder(frame, BARS).flatMap((fs, bar) =>
    fs.filter((f) => !f.cut).map((f) => ({ raw: f.pose, pose: refineBoxes(frame, f.pose).box, bar })),
  );
  for (const [ti, t] of scene.tiles.entries()) {
    n++;
    const mine = found.filter((f) => inBox(t, f.pose.cx, f.pose.cy) || inBox(t, f.raw.cx, f.raw.cy));
    if (!mine.length) {
      none++;
      continue;
    }
    const m = mine.map((f) => ({ ...f, q: off(f.pose, t), r: off(f.raw, t) }));
    const best = [...m].sort((a, b) => (a.q.turned ? 9 : 0) + worst(a.q) - (b.q.turned ? 9 : 0) - worst(b.q))[0]!;
    const bestRaw = [...m].sort((a, b) => (a.r.turned ? 9 : 0) + worst(a.r) - (b.r.turned ? 9 : 0) - worst(b.r))[0]!;
    if (!bestRaw.r.turned && worst(bestRaw.r) <= 0.1) goodRaw++;
    if (best.q.turned) {
      turned++;
      if (LIST)
        console.log(
          `seed ${FIRST + s} tile ${ti} ${t.tile}${t.sideways ? ' sw' : ''} angle ${t.angle.toFixed(0)}: TURNED ${m.map((b) => `bar ${BARS[b.bar]} du ${b.q.du.toFixed(2)} dv ${b.q.dv.toFixed(2)} area ${b.q.area.toFixed(2)} ${(b.pose.width / b.pose.height).toFixed(2)}`).join(' | ')}`,
        );
      continue;
    }
    if (worst(best.q) <= 0.1) {
      good++;
      continue;
    }
    count(byKind, kind(best.q, t) + (worst(best.q) > 0.2 ? ' over 20%' : ''));
    if (LIST)
      console.log(
        `seed ${FIRST + s} tile ${ti} ${t.tile}${t.sideways ? ' sw' : ''} angle ${t.angle.toFixed(0)}: best refined du ${best.q.du.toFixed(2)} dv ${best.q.dv.toFixed(2)} area ${best.q.area.toFixed(2)} bar ${BARS[best.bar]} (raw du ${best.r.du.toFixed(2)} dv ${best.r.dv.toFixed(2)} area ${best.r.area.toFixed(2)}); ${m.length} boxes`,
      );
  }
}
console.log(`faces ${n}: nearest box within 10% ${good} (raw ${goodRaw}), none ${none}, only turned ${turned}`);
for (const [k, v] of [...byKind].sort((a, b) => b[1] - a[1])) console.log(`  ${v}  ${k}`);
