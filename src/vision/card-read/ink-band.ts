/**
 * A hand row's groups measured by their ink rather than by tesseract's word boxes: on some cards
 * (a narrow face, heavy blur) tesseract boxes a word across two printed rows, and a strip cut to
 * such a box is twice too tall. The groups are digits and capitals, one height, so the band of
 * lines holding ink at the groups' column is the group height, and its middle the row's centre.
 */
import type { Straight } from './straighten';

// Paper is the window's lightest this share up its values (the rest is print and blur).
const PAPER_AT = 0.75;
// A line belongs to the band while its ink is at least this share of the band's inkiest line's
// (a digit's strokes between its bars still carry some; the gap between rows carries none).
const PART = 0.3;
// The band is looked for within this many guessed heights of the row's centre.
const REACH = 1.2;

export interface Band {
  /** the middle of the row's ink, straight picture y */
  cy: number;
  /** its height (the groups' height, blur included) */
  height: number;
}

/**
 * The band of ink between columns x0 and x1 nearest the row guessed at `cy`, `guessH` tall; null
 * when no ink is there.
 */
export const inkBand = (s: Straight, x0: number, x1: number, cy: number, guessH: number): Band | null => {
  const W = s.frame.width,
    g = s.grey;
  const a = Math.max(0, Math.round(x0)),
    b = Math.min(W, Math.round(x1));
  const top = Math.max(0, Math.round(cy - REACH * guessH)),
    bottom = Math.min(s.frame.height, Math.round(cy + REACH * guessH));
  if (b - a < 4 || bottom - top < 4) return null;
  // Each line's ink: how much darker than paper it is, summed over the column (a colour's ink
  // counts as well as black, and blur moves little of it across the band's edges).
  const vs: number[] = [];
  for (let y = top; y < bottom; y += 2) for (let x = a; x < b; x += 2) vs.push(g[y * W + x]!);
  vs.sort((p, q) => p - q);
  const paper = vs[Math.floor(PAPER_AT * (vs.length - 1))]!;
  const ink: number[] = [];
  for (let y = top; y < bottom; y++) {
    let n = 0;
    for (let x = a; x < b; x++) n += Math.max(0, paper - g[y * W + x]!);
    ink.push(n);
  }
  // The inkiest line nearest the guessed centre among those with ink worth the name, and the
  // lines round it that keep a share of its ink.
  const most = Math.max(...ink);
  if (!(most > 0)) return null;
  let peak = -1;
  for (let i = 0; i < ink.length; i++) {
    if (ink[i]! < PART * most) continue;
    // A local top: no line within a few is inkier.
    let top3 = true;
    for (let j = Math.max(0, i - 3); j <= Math.min(ink.length - 1, i + 3); j++) if (ink[j]! > ink[i]!) top3 = false;
    if (top3 && (peak < 0 || Math.abs(top + i - cy) < Math.abs(top + peak - cy))) peak = i;
  }
  if (peak < 0) return null;
  const cutAt = PART * ink[peak]!;
  let i0 = peak,
    i1 = peak + 1;
  while (i0 > 0 && ink[i0 - 1]! >= cutAt) i0--;
  while (i1 < ink.length && ink[i1]! >= cutAt) i1++;
  return { cy: top + (i0 + i1) / 2, height: i1 - i0 };
};
