/**
 * The new discard among the tiles already on the table: the camera knows the frame before the
 * tile was laid down, so the new face is where the frame changed AND is now pale tile paper. The
 * neighbours it touches did not change, so they fall away however closely it lies against them,
 * and its own sides and shadow are changed but not pale. Nothing is proposed when nothing new and
 * pale is there (a hand passing over, the light changing), or when two such blocks changed about
 * as much (two tiles at once, the camera moved).
 */
import { luminance, shrink, type Frame } from './image';
import { blobs, fillHoles, morph, paleMask, type FoundFace } from './find-faces';

/** Brightness change (0..255) of a pixel that a face laid on felt makes: far more than noise. */
const CHANGED = 28;
/** Finding the new face needs no more pixels than this across. */
const MAX_SIDE = 480;
/** The fewest pixels (at MAX_SIDE) a new face covers: a fleck of changed paper is not a tile. */
const MIN_PIXELS = 60;

export const findNewDiscard = (before: Frame, after: Frame): FoundFace | null => {
  if (before.width !== after.width || before.height !== after.height) return null;
  const { frame: a, scale } = shrink(before, MAX_SIDE);
  const { frame: b } = shrink(after, MAX_SIDE);
  const { width: w, height: h } = b;
  if (w < 16 || h < 16) return null;
  const la = luminance(a), lb = luminance(b), pale = paleMask(b);
  const fresh = new Uint8Array(w * h);
  for (let i = 0; i < fresh.length; i++) fresh[i] = pale[i] && Math.abs(lb[i]! - la[i]!) > CHANGED ? 1 : 0;
  // Close the paper round the art, fill the art in, and drop single changed pixels.
  const filled = fillHoles(morph(morph(fresh, w, h, true, 1), w, h, false, 1), w, h);
  const parts = blobs(morph(filled, w, h, false, 1), w, h).filter((p) => p.n >= MIN_PIXELS).sort((p, q) => q.n - p.n);
  const [first, second] = parts;
  if (!first || (second && second.n > first.n * 0.5)) return null;
  // The block's own long side is the face's height when upright; the erosion above took a pixel off each side.
  const long = first.long + 2, short = first.short + 2;
  const aspect = short / long;
  if (aspect < 0.45 || aspect > 1) return null;
  const [width, height, angle] = [short, long, first.angle];
  return { cut: first.cut, pose: { cx: first.cx * scale, cy: first.cy * scale, angle, width: width * scale, height: height * scale } };
};
