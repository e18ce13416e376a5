/**
 * How many digits a group's box can hold. Digits share one advance width in print (tabular
 * figures), so a run's ink width says how many it holds: tesseract's usual slips on a run of like
 * digits (2222 read 222, 6666 read 06666) show as a count its box cannot hold.
 */
import type { OcrBox } from './page-reader';

/** A card's digits: the advance from one digit to the next, and the ink of the last digit. */
export interface DigitWidth {
  advance: number;
  /** the ink width of a digit (a run of n spans (n - 1) advances and this) */
  ink: number;
  /** the ink width of a one, narrower */
  oneInk: number;
}

// Without runs of different lengths to measure it, the ink of a digit is taken as this share of
// its advance (a one this narrower share).
const INK_PART = 0.6;
const ONE_PART = 0.35;

export const span = (b: OcrBox) => b.x1 - b.x0;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The card's digit widths from groups read clearly (a run of n digits spans (n - 1) advances
 *  and one digit's ink): the median slope between runs of different lengths; null when too few. */
export const digitAdvance = (clear: { digits: string; box: OcrBox }[]): DigitWidth | null => {
  const runs = clear.filter((g) => /^\d{2,}$/.test(g.digits));
  const others = runs.filter((g) => !/^1+$/.test(g.digits)),
    ones = runs.filter((g) => /^1+$/.test(g.digits));
  if (runs.length < 3) return null;
  const slopes: number[] = [];
  for (const [i, a] of others.entries())
    for (const b of others.slice(i + 1))
      if (a.digits.length !== b.digits.length) slopes.push((span(b.box) - span(a.box)) / (b.digits.length - a.digits.length));
  const advance = slopes.length >= 3 ? median(slopes) : median(runs.map((g) => span(g.box) / (g.digits.length - 1 + INK_PART)));
  if (!(advance > 0)) return null;
  const inkOf = (gs: typeof runs) => median(gs.map((g) => span(g.box) - advance * (g.digits.length - 1)));
  const ink = slopes.length >= 3 ? inkOf(others) : INK_PART * advance;
  const oneInk = ones.length >= 2 ? inkOf(ones) : (ink * ONE_PART) / INK_PART;
  return { advance, ink, oneInk };
};

/** Digits the box holds, by its width (a fraction: how far from a whole number says how sure). */
export const digitsHeld = (box: OcrBox, digits: string, w: DigitWidth): number =>
  (span(box) - (/^1+$/.test(digits) ? w.oneInk : w.ink)) / w.advance + 1;
