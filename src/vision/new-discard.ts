/**
 * The new discard among the tiles already on the table: the camera knows the frame before the
 * tile was laid down, so the new face is where the frame changed AND is the palest part of what
 * changed. The neighbours it touches did not change, so they fall away however closely it lies
 * against them, and its own side and shadow are changed but darker than its face. Nothing is
 * proposed when nothing new and pale is there (a hand passing over), when most of the region
 * changed (the light changing, the camera moved), or when two such blocks changed about as much
 * (two tiles at once).
 */
import { crop, luminance, shrink, type Frame } from './image';
import { blobs, edgeDirections, fillHoles, morph, sidesOf, tiltOf, weaklyColoured, type Blob, type FoundFace } from './find-faces';
import type { FacePose } from './locate';

/** Brightness change (0..255) of a pixel that a face laid on felt makes: far more than noise. */
const CHANGED = 28;
/** Finding where the picture changed needs no more pixels than this across. */
const MAX_SIDE = 480;
/** The fewest pixels (at MAX_SIDE) a new face covers: a fleck of changed paper is not a tile. */
const MIN_PIXELS = 60;
/** The face's paper is at least this share of the brightest paper that changed. Judged against
 *  what changed, not against the paper nearby: a face laid in shadow beside lit neighbours is
 *  darker than they are, yet still the palest thing that changed (its side and shadow are darker). */
const PALE = 0.7;
/** More of the region than this changed: the light changed or the camera moved, not one tile. */
const MOST = 0.5;
/** The face is boxed again at full size within this much of its coarse box round it (a face
 *  boxed from a frame shrunk to MAX_SIDE is a few pixels off, which the reader feels). */
const MARGIN = 0.5;

/** The blocks of pale changed pixels, largest first, with their labels. */
const changedBlocks = (before: Frame, after: Frame, minPixels: number, pale = PALE) => {
  const { width: w, height: h, data } = after;
  const la = luminance(before),
    lb = luminance(after);
  const changed = new Uint8Array(w * h),
    levels: number[] = [];
  let n = 0;
  for (let i = 0; i < changed.length; i++)
    if (Math.abs(lb[i]! - la[i]!) > CHANGED) {
      changed[i] = 1;
      n++;
      // A face laid down is paler than the felt or table it covers.
      if (lb[i]! > la[i]! && weaklyColoured(data, i * 4)) levels.push(lb[i]!);
    }
  if (levels.length < minPixels || n > MOST * w * h) return null;
  const paper = levels.sort((a, b) => a - b)[Math.floor(levels.length * 0.95)]!;
  const fresh = new Uint8Array(w * h);
  for (let i = 0; i < fresh.length; i++)
    fresh[i] = changed[i] && lb[i]! > la[i]! && lb[i]! > pale * paper && weaklyColoured(data, i * 4) ? 1 : 0;
  // Close the paper round the art, fill the art in, and drop single changed pixels.
  const filled = fillHoles(morph(morph(fresh, w, h, true, 1), w, h, false, 1), w, h);
  const label = new Int32Array(w * h);
  const parts = blobs(morph(filled, w, h, false, 1), w, h, label)
    .filter((p) => p.n >= minPixels)
    .sort((p, q) => q.n - p.n);
  return { parts, label, w, h };
};

/** The face a block makes: its long side is its height when upright (find-faces.ts sidesOf). The
 *  erosion took a pixel off each side. */
const poseOf = (b: Blob, label: Int32Array, w: number, h: number, scale: number, x0 = 0, y0 = 0): FacePose | null => {
  const [long, short] = sidesOf(b, edgeDirections(label, b, w, h));
  const width = short.len + 2,
    height = long.len + 2;
  if (width / height < 0.45 || width / height > 1) return null;
  return { cx: x0 + b.cx * scale, cy: y0 + b.cy * scale, angle: tiltOf(long.d), width: width * scale, height: height * scale };
};

export const findNewDiscard = (before: Frame, after: Frame): FoundFace | null => {
  if (before.width !== after.width || before.height !== after.height) return null;
  const { frame: a, scale } = shrink(before, MAX_SIDE);
  const { frame: b } = shrink(after, MAX_SIDE);
  if (b.width < 16 || b.height < 16) return null;
  const coarse = changedBlocks(a, b, MIN_PIXELS);
  const [first, second] = coarse?.parts ?? [];
  if (!coarse || !first || (second && second.n > first.n * 0.5)) return null;
  const rough = poseOf(first, coarse.label, coarse.w, coarse.h, scale);
  if (!rough || scale === 1 || first.cut) return rough && { cut: first.cut, pose: rough };
  // Boxed again at full size, in a window round the coarse box.
  const [bx0, by0, bx1, by1] = first.box;
  const mx = (bx1 - bx0 + 1) * MARGIN,
    my = (by1 - by0 + 1) * MARGIN;
  const x0 = Math.max(0, Math.round((bx0 - mx) * scale)),
    y0 = Math.max(0, Math.round((by0 - my) * scale));
  const cw = Math.round((bx1 + 1 + mx) * scale) - x0,
    ch = Math.round((by1 + 1 + my) * scale) - y0;
  const fine = changedBlocks(crop(before, x0, y0, cw, ch), crop(after, x0, y0, cw, ch), MIN_PIXELS * scale * scale * 0.5);
  const face = fine?.parts[0];
  const pose = face && !face.cut ? poseOf(face, fine.label, fine.w, fine.h, 1, x0, y0) : null;
  return { cut: false, pose: pose ?? rough };
};
