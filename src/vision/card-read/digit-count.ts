/**
 * How many digits a group's box can hold. Digits share one advance width in print (tabular
 * figures), so a run's ink width says how many it holds: tesseract's usual slips on a run of like
 * digits (2222 read 222, 6666 read 06666) show as a count its box cannot hold.
 */
import type { OcrBox } from './page-reader';

// The ink of a digit spans about 0.6 of its advance (a 1 about 0.35).
const inkPart = (digits: string) => (/^1+$/.test(digits) ? 0.35 : 0.6);

export const span = (b: OcrBox) => b.x1 - b.x0;

/** The card's digit advance in pixels, from groups read clearly; null when too few. */
export const digitAdvance = (clear: { digits: string; box: OcrBox }[]): number | null => {
  const est = clear
    .filter((g) => /^\d{2,}$/.test(g.digits))
    .map((g) => span(g.box) / (g.digits.length - 1 + inkPart(g.digits)))
    .sort((a, b) => a - b);
  return est.length >= 3 ? est[Math.floor(est.length / 2)]! : null;
};

/** Digits the box holds, by its width (a fraction: how far from a whole number says how sure). */
export const digitsHeld = (box: OcrBox, digits: string, advance: number): number => span(box) / advance + 1 - inkPart(digits);
