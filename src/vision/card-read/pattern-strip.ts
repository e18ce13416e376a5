/**
 * A hand row's pattern cut as the pattern-line reader sees it: the part of the straight picture
 * from before its first group to before its note, centred on its groups, enlarged from the photo
 * (strip.ts: darkest channel, levelled against its own paper) to a fixed height. The training
 * strips (tools/card/pattern-strips.ts) are cut by this same function.
 */
import { enlargedStrip } from './strip';
import type { OcrBox } from './page-reader';
import type { Straight } from './straighten';

/** The network's input height in pixels. */
export const STRIP_H = 24;
/** Margin above and below the groups, in group heights (a group's height: its digits' or capitals'). */
export const STRIP_PAD_Y = 0.45;

export interface PatternStrip {
  width: number;
  height: number;
  grey: Uint8Array;
  /** the part of the straight picture it shows */
  box: OcrBox;
}

/** The strip between x0 and x1 of the straight picture around a row of groups centred at `cy`, `groupH` tall. */
export const patternStrip = (s: Straight, x0: number, x1: number, cy: number, groupH: number): PatternStrip => {
  const half = (0.5 + STRIP_PAD_Y) * groupH;
  const box = { x0, x1, y0: cy - half, y1: cy + half };
  const e = enlargedStrip(s, box, STRIP_H / (2 * half));
  return { ...e, box };
};
