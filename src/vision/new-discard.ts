/**
 * The new discard among the tiles already on the table: the camera knows the frame before the
 * tile was laid down, so of the faces in the frame now (find-faces.ts), the new one is the face
 * whose box changed most since then. Nothing is proposed when no face changed clearly (a hand
 * passing over, the light changing) or two changed about as much.
 */
import { luminance, type Frame } from './image';
import { boxOf, findFaces, type FoundFace } from './find-faces';

/** Mean change of brightness a new face makes inside its box (0..255): a face on felt is far more. */
const CHANGED = 25;

export const findNewDiscard = (before: Frame, after: Frame): FoundFace | null => {
  if (before.width !== after.width || before.height !== after.height) return null;
  const a = luminance(before), b = luminance(after), w = after.width;
  const changes = findFaces(after).filter((f) => !f.cut).map((face) => {
    const [x, y, bw, bh] = boxOf(face.pose);
    let sum = 0, n = 0;
    // The middle of the box: the face itself, not its neighbours' edges.
    for (let yy = Math.round(y + bh * 0.25); yy < y + bh * 0.75; yy += 2)
      for (let xx = Math.round(x + bw * 0.25); xx < x + bw * 0.75; xx += 2) {
        if (xx < 0 || yy < 0 || xx >= w || yy >= after.height) continue;
        sum += Math.abs(b[yy * w + xx]! - a[yy * w + xx]!);
        n++;
      }
    return { face, change: n ? sum / n : 0 };
  }).sort((p, q) => q.change - p.change);
  const [first, second] = changes;
  if (!first || first.change < CHANGED || (second && second.change > first.change * 0.6)) return null;
  return first.face;
};
