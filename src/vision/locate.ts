/**
 * A face's place in a frame (the finder's boxes, the reader's poses), and what the camera says when
 * it finds no one face to read.
 */

/** Where the face is: centre, tilt of its upright axis (radians, clockwise, within ±90°: a tile
 *  lying sideways is about ±90°) and size in pixels. */
export interface FacePose {
  cx: number;
  cy: number;
  angle: number;
  width: number;
  height: number;
}

export type LocateError = 'dark' | 'empty' | 'two-tiles' | 'unclear';
/** A face found, or why not. `neighbours`: it was picked out from among others touching it;
 *  `others`: other boxes given the same face, for the reader to choose among. */
export type Located =
  { ok: true; pose: FacePose; neighbours?: boolean; others?: FacePose[] } | { ok: false; error: LocateError; message: string };

export const LOCATE_MESSAGES: Record<LocateError, string> = {
  dark: 'The picture is too dark to read a tile: add light over the table.',
  empty: 'No tile in the region: place one tile face up inside the frame.',
  'two-tiles': 'Two tiles are in the region: show one tile at a time.',
  unclear: 'Something is in the region but it does not look like a tile face: straighten it or move it into view.',
};

/** The axis-aligned box [x, y, w, h] round a face, in the frame's pixels. */
export const boxOf = (p: FacePose): [number, number, number, number] => {
  const c = Math.abs(Math.cos(p.angle)),
    s = Math.abs(Math.sin(p.angle));
  const bw = p.width * c + p.height * s,
    bh = p.width * s + p.height * c;
  return [p.cx - bw / 2, p.cy - bh / 2, bw, bh];
};
