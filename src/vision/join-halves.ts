/**
 * A face whose art has a strong stroke across it (Green Dragon, the 3 and 4 Crak characters)
 * can have its pale paper parted in two at the stroke: the face finder then finds two halves,
 * each as long as the face is wide and half as high, so each looks like a face lying sideways
 * and neither is the face. Two such halves side by side along their short axis, of the same
 * length, barely parted, whose union has a face's shape, are joined into that face.
 */
import type { FoundFace } from './find-faces';
import type { FacePose } from './locate';

/** The range of a face's width to its height (0.75 square on) two halves' union must keep: two
 *  whole faces side by side (upright or lying sideways) make a block at most 2/3 as long as wide. */
const SHAPE = [0.7, 0.88];
/** The halves' lengths differ by at most this share; their ends line up within this share of it. */
const SAME = 0.15;
/** The band between the halves (the stroke) at most this share of their length. */
const BAND = 0.15;
/** Their tilts differ by at most this (radians). */
const TILT = 0.1;
/** A face leaning in the frame (a tile seen at a slant, its face a parallelogram) is parted into
 *  halves whose boxes stand square to the frame, offset along their length by the lean: up to this
 *  share of it is still one face (the framed tile's locator only, locate-tight.ts), when neither
 *  half is longer than 1.5 times its width and the face they make is at least 0.55 as wide as
 *  high (a leaning face's square-on box is narrower than its face). */
const LEAN = 0.3,
  SQUARE_HALF = 0.65,
  LEAN_SHAPE = 0.55;

const turn = (a: number) => (a > Math.PI / 2 ? a - Math.PI : a < -Math.PI / 2 ? a + Math.PI : a);

/** The face two halves make, or null when they are not halves of one face. */
const joined = (a: FacePose, b: FacePose, leaning = false): FacePose | null => {
  const dTilt = Math.abs(turn(a.angle - b.angle));
  if (dTilt > TILT) return null;
  const len = (a.height + b.height) / 2;
  if (Math.abs(a.height - b.height) > SAME * len) return null;
  // The halves' short axis (their pose's width axis) is the face's upright axis.
  const c = Math.cos(a.angle),
    s = Math.sin(a.angle),
    dx = b.cx - a.cx,
    dy = b.cy - a.cy;
  const across = dx * c + dy * s,
    along = -dx * s + dy * c;
  const lean = Math.abs(along) > SAME * len;
  if (lean && !(leaning && Math.abs(along) < LEAN * len && Math.min(a.width / a.height, b.width / b.height) > SQUARE_HALF)) return null;
  const gap = Math.abs(across) - (a.width + b.width) / 2;
  if (gap > BAND * len || gap < -BAND * len) return null;
  const height = Math.abs(across) + (a.width + b.width) / 2;
  if (len / height < (lean ? LEAN_SHAPE : SHAPE[0]!) || len / height > SHAPE[1]!) return null;
  if (lean) {
    // A leaning face: its upright axis runs from one half's middle to the other's, its height that
    // far and half of each half beyond, its width the halves' length square to that axis.
    const dist = Math.hypot(b.cx - a.cx, b.cy - a.cy),
      k = (Math.abs(across) + (a.width + b.width) / 2) / Math.abs(across);
    const ux = (b.cx - a.cx) / dist,
      uy = (b.cy - a.cy) / dist;
    const mid = ((Math.sign(across) || 1) * (b.width - a.width)) / 4;
    return {
      cx: (a.cx + b.cx) / 2 + mid * ux,
      cy: (a.cy + b.cy) / 2 + mid * uy,
      angle: turn(Math.atan2(-ux, uy)),
      width: (len * Math.abs(across)) / dist,
      height: dist * k,
    };
  }
  // The union's middle, from the outer sides of the two halves.
  const sign = Math.sign(across) || 1,
    outerA = (-sign * a.width) / 2,
    outerB = across + (sign * b.width) / 2,
    mid = (outerA + outerB) / 2;
  return { cx: a.cx + mid * c, cy: a.cy + mid * s, angle: turn(a.angle + Math.PI / 2), width: len, height };
};

/** The faces found, each pair of halves of one face replaced by the face; `leaning`: halves of a
 *  face leaning in the frame too. */
export const joinHalves = (faces: readonly FoundFace[], leaning = false): FoundFace[] => {
  const out = faces.slice(),
    used = new Set<number>();
  const whole: FoundFace[] = [];
  for (let i = 0; i < out.length; i++) {
    if (used.has(i) || out[i]!.cut) continue;
    for (let j = i + 1; j < out.length; j++) {
      if (used.has(j) || out[j]!.cut) continue;
      const p = joined(out[i]!.pose, out[j]!.pose, leaning);
      if (p) {
        used.add(i);
        used.add(j);
        whole.push({ pose: p, cut: false });
        break;
      }
    }
  }
  return [...out.filter((_, i) => !used.has(i)), ...whole];
};
