/**
 * A box measured against its true face on a synthetic scene (tools/vision/scene.ts), for the
 * tools that tell where boxes go wrong (box-errors.ts, scene-losses.ts).
 */
import type { FacePose } from '../../src/vision/locate';
import type { SceneTile } from './scene';

/** The pose's sides in the true face's own 0..1 measure (u across the art's width, v down it:
 *  0 0 1 1 is exact), and whether it stands a quarter turn from the truth. `ox, oy`: where the
 *  pose's frame lies in the scene (a player's frame cut from it). */
export const sides = (p: FacePose, t: SceneTile, ox = 0, oy = 0) => {
  const [a, b, , d] = t.corners.map(([x, y]) => [x - ox, y - oy] as const) as [
    readonly [number, number],
    readonly [number, number],
    unknown,
    readonly [number, number],
  ];
  const ex = [b[0] - a[0], b[1] - a[1]],
    ey = [d[0] - a[0], d[1] - a[1]];
  const det = ex[0]! * ey[1]! - ex[1]! * ey[0]!;
  const toFace = (x: number, y: number) => {
    const rx = x - a[0],
      ry = y - a[1];
    return [(rx * ey[1]! - ry * ey[0]!) / det, (ex[0]! * ry - ex[1]! * rx) / det] as const;
  };
  const c = Math.cos(p.angle),
    s = Math.sin(p.angle);
  const pts = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([i, j]) =>
    toFace(p.cx + ((i! * p.width) / 2) * c - ((j! * p.height) / 2) * s, p.cy + ((i! * p.width) / 2) * s + ((j! * p.height) / 2) * c),
  );
  const us = pts.map((q) => q[0]),
    vs = pts.map((q) => q[1]);
  // True upright axis against the pose's: a quarter turn apart means the box stands the wrong way.
  const tu = Math.atan2(ey[0]!, -ey[1]!),
    pu = Math.atan2(Math.sin(p.angle), Math.cos(p.angle));
  let dA = Math.abs(tu - pu) % Math.PI;
  if (dA > Math.PI / 2) dA = Math.PI - dA;
  return { u0: Math.min(...us), u1: Math.max(...us), v0: Math.min(...vs), v1: Math.max(...vs), turned: dA > Math.PI / 4 };
};
