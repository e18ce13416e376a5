/**
 * A face lying turned on the table (neither upright nor sideways): the finder boxes it upright or
 * sideways, its box round the whole turned face, and the reader sees it tilted with cloth in the
 * corners. Its sides and the strokes of its art run along its own axes, so the way the box's
 * edges mostly run (their directions folded a quarter turn onto one) is the face's tilt; the face
 * within the box is then the one of a face's shape turned by that much whose corners the box bounds.
 */
import { luminance, type Frame } from './image';
import type { FacePose } from './locate';
import { straighten } from './embedding-input';
import { FINDER_TUNING, type FinderTuning } from './finder-tuning';

/** A face's width to its height. */
const FACE_RATIO = 0.75;
/** The box is looked at on a grid this many samples on its longer side, finer than the frame's
 *  pixels (sampled at or under a sample a pixel, the edges' steps lean towards the diagonal). */
const GRID = 150;

/** The face's tilt in the box, radians from its axes (-π/4..π/4), or null when the edges do not
 *  agree on one. */
export const tiltIn = (f: Frame, box: FacePose, t: FinderTuning = FINDER_TUNING): number | null => {
  const k = GRID / Math.max(box.width, box.height),
    gw = Math.max(8, Math.round(box.width * k)),
    gh = Math.max(8, Math.round(box.height * k));
  const lum = luminance(straighten(f, box, gw, gh));
  let c = 0,
    s = 0,
    all = 0;
  for (let y = 1; y < gh - 1; y++)
    for (let x = 1, i = y * gw + 1; x < gw - 1; x++, i++) {
      const gx = lum[i + 1]! - lum[i - 1]!,
        gy = lum[i + gw]! - lum[i - gw]!,
        m2 = gx * gx + gy * gy;
      if (m2 === 0) continue;
      // The gradient's direction four times over, weighted by its strength squared.
      const cos2 = gx * gx - gy * gy,
        sin2 = 2 * gx * gy;
      c += (cos2 * cos2 - sin2 * sin2) / m2;
      s += (2 * sin2 * cos2) / m2;
      all += m2;
    }
  return all > 0 && Math.hypot(c, s) / all >= t.tiltAgree ? Math.atan2(s, c) / 4 : null;
};

/** The face turned within a box, either way it may lie there, or none when it is not turned. */
export const turnedFaces = (f: Frame, box: FacePose, t: FinderTuning = FINDER_TUNING): FacePose[] => {
  const tilt = tiltIn(f, box, t);
  if (tilt === null || Math.abs(tilt) < t.tilted) return [];
  const c = Math.abs(Math.cos(tilt)),
    s = Math.abs(Math.sin(tilt));
  // A face of height h turned by the tilt, its width FACE_RATIO h: its corners' box is
  // h (FACE_RATIO c + s) by h (FACE_RATIO s + c), whichever way it lies; together they give h.
  const h = (box.width + box.height) / ((1 + FACE_RATIO) * (c + s));
  const face = { cx: box.cx, cy: box.cy, width: FACE_RATIO * h, height: h };
  return [
    { ...face, angle: box.angle + tilt },
    { ...face, angle: box.angle + tilt - Math.sign(tilt) * (Math.PI / 2) },
  ];
};
