/**
 * Boxes of a tile face's shape in and round a box the locator gave, for a second look when a
 * framed tile among neighbours reads unsurely. Such a box is mostly the face gone wrong one way:
 * half of it (a stroke of its art parted its paper), the face with its own side or a neighbour's
 * sliver, or the face turned a quarter. A face is three wide to four high, so a box's width or its
 * height is likely one of the face's sides: the face's shape is laid along it, upright and lying
 * sideways, against each corner, edge and the middle of the box; the few read most closely are
 * then nudged (a little each way, larger and smaller) towards the face.
 */
import type { FacePose } from './locate';

/** A tile face's width to its height. */
const FACE_RATIO = 0.75;
/** Where a face is laid along each axis of the box: against its start, its middle, its end. */
const ALONG = [0, 0.5, 1] as const;

export const faceShapes = (b: FacePose): FacePose[] => {
  const c = Math.cos(b.angle),
    s = Math.sin(b.angle),
    out: FacePose[] = [];
  for (const sideways of [false, true]) {
    // The face's long side: the box's height or its width taken as the face's long or short side.
    const longs = sideways ? [b.width, b.height / FACE_RATIO] : [b.height, b.width / FACE_RATIO];
    for (const long of longs) {
      // Its sides along the box's own axes (across the box, down it).
      const across = sideways ? long : FACE_RATIO * long,
        down = sideways ? FACE_RATIO * long : long;
      for (const ax of ALONG)
        for (const ay of ALONG) {
          const du = (ax - 0.5) * (b.width - across),
            dv = (ay - 0.5) * (b.height - down);
          const cx = b.cx + du * c - dv * s,
            cy = b.cy + du * s + dv * c;
          // A face lying sideways is read turned a quarter: its upright axis runs across the box.
          const p: FacePose = sideways
            ? { cx, cy, angle: b.angle + Math.PI / 2, width: down, height: across }
            : { cx, cy, angle: b.angle, width: across, height: down };
          // Laid against either end of a side it fills, a face is the same box: read it once.
          if (
            !out.some(
              (o) =>
                Math.hypot(o.cx - p.cx, o.cy - p.cy) < 0.03 * long &&
                Math.abs(o.height / p.height - 1) < 0.03 &&
                Math.abs(Math.cos(o.angle - p.angle)) > 0.9,
            )
          )
            out.push(p);
        }
    }
  }
  return out;
};

/** How far a box is nudged: a share of its size. */
const NUDGE = 0.08;

/** A box moved a little each way along its own axes. */
export const shifts = (p: FacePose): FacePose[] => {
  const c = Math.cos(p.angle),
    s = Math.sin(p.angle),
    du = NUDGE * p.width,
    dv = NUDGE * p.height;
  return [
    { ...p, cx: p.cx + du * c, cy: p.cy + du * s },
    { ...p, cx: p.cx - du * c, cy: p.cy - du * s },
    { ...p, cx: p.cx - dv * s, cy: p.cy + dv * c },
    { ...p, cx: p.cx + dv * s, cy: p.cy - dv * c },
  ];
};

/** A box shifted each way, and grown and shrunk by about as much. */
export const nudges = (p: FacePose): FacePose[] => {
  const k = 1 + 1.4 * NUDGE;
  return [...shifts(p), { ...p, width: p.width * k, height: p.height * k }, { ...p, width: p.width / k, height: p.height / k }];
};
