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

const turn = (a: number) => (a > Math.PI / 2 ? a - Math.PI : a < -Math.PI / 2 ? a + Math.PI : a);

/** The face two halves make, or null when they are not halves of one face. */
const joined = (a: FacePose, b: FacePose): FacePose | null => {
  const dTilt = Math.abs(turn(a.angle - b.angle));
  if (dTilt > TILT) return null;
  const len = (a.height + b.height) / 2;
  if (Math.abs(a.height - b.height) > SAME * len) return null;
  // The halves' short axis (their pose's width axis) is the face's upright axis.
  const c = Math.cos(a.angle), s = Math.sin(a.angle), dx = b.cx - a.cx, dy = b.cy - a.cy;
  const across = dx * c + dy * s, along = -dx * s + dy * c;
  if (Math.abs(along) > SAME * len) return null;
  const gap = Math.abs(across) - (a.width + b.width) / 2;
  if (gap > BAND * len || gap < -BAND * len) return null;
  const height = Math.abs(across) + (a.width + b.width) / 2;
  if (len / height < SHAPE[0]! || len / height > SHAPE[1]!) return null;
  // The union's middle, from the outer sides of the two halves.
  const sign = Math.sign(across) || 1, outerA = -sign * a.width / 2, outerB = across + sign * b.width / 2, mid = (outerA + outerB) / 2;
  return { cx: a.cx + mid * c, cy: a.cy + mid * s, angle: turn(a.angle + Math.PI / 2), width: len, height };
};

/** The faces found, each pair of halves of one face replaced by the face. */
export const joinHalves = (faces: readonly FoundFace[]): FoundFace[] => {
  const out = faces.slice(), used = new Set<number>();
  const whole: FoundFace[] = [];
  for (let i = 0; i < out.length; i++) {
    if (used.has(i) || out[i]!.cut) continue;
    for (let j = i + 1; j < out.length; j++) {
      if (used.has(j) || out[j]!.cut) continue;
      const p = joined(out[i]!.pose, out[j]!.pose);
      if (p) { used.add(i); used.add(j); whole.push({ pose: p, cut: false }); break; }
    }
  }
  return [...out.filter((_, i) => !used.has(i)), ...whole];
};
