/**
 * Look-alikes told apart by the ink itself, where tesseract guesses: an E from an F (an E has a
 * bar along its foot as long as the one on top, an F only its stem), and a run of ones (thin
 * upright stems with paper between them) that a blurred serif face turns into U, M or N.
 */
import type { OcrBox } from './page-reader';

// Ink is grey below this share of the way from the box's darkest pixel to paper (a thin stem
// blurred stays far lighter than the serifs and bars).
const PAPER = 235;
const INK_CUT = 0.75;
// A band this share of the box's height, at its top and its foot (the bars of E and F).
const BAR = 0.2;
// An E's foot holds at least this share of the ink of its top bar; an F's far less.
const E_FOOT = 0.6;
// The middle of a glyph (this share of the height cut off above and below) shows only the stems.
const WAIST = 0.3;
// A column is a stem when this share of the waist's rows are ink, paper when at most GAP_INK.
const STEM_INK = 0.6;
const GAP_INK = 0.1;

type InkIn = (x0: number, x1: number, y0: number, y1: number) => number;

/** Counting ink pixels of a box's part, ink judged against the box's darkest pixel. */
const inkCounter = (grey: Uint8Array, width: number, b: OcrBox): InkIn => {
  let least = 255;
  for (let y = Math.max(0, b.y0); y < b.y1; y++)
    for (let x = Math.max(0, b.x0); x < Math.min(width, b.x1); x++) least = Math.min(least, grey[y * width + x]!);
  const cut = least + INK_CUT * (PAPER - least);
  return (x0, x1, y0, y1) => {
    let n = 0;
    for (let y = Math.max(0, y0); y < y1; y++)
      for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) if (grey[y * width + x]! < cut) n++;
    return n;
  };
};

/** 'E' or 'F' for a group of one of them (a set), by its bars; null when the box is too small to tell. */
/** The box cut to the rows that hold ink (tesseract's boxes often span the whole line's height). */
const inkRows = (inkIn: InkIn, b: OcrBox): OcrBox => {
  let y0 = b.y0,
    y1 = b.y1;
  while (y0 < y1 && !inkIn(b.x0, b.x1, y0, y0 + 1)) y0++;
  while (y1 > y0 && !inkIn(b.x0, b.x1, y1 - 1, y1)) y1--;
  return { ...b, y0, y1 };
};

export const eOrF = (grey: Uint8Array, width: number, box: OcrBox): 'E' | 'F' | null => {
  const inkIn = inkCounter(grey, width, box),
    b = inkRows(inkIn, box);
  const band = Math.max(1, Math.round((b.y1 - b.y0) * BAR));
  const top = inkIn(b.x0, b.x1, b.y0, b.y0 + band),
    foot = inkIn(b.x0, b.x1, b.y1 - band, b.y1);
  if (top < 4) return null;
  return foot >= E_FOOT * top ? 'E' : 'F';
};

/** How many ones the box holds, by their stems; null when its ink is not upright stems apart. */
export const onesStems = (grey: Uint8Array, width: number, box: OcrBox): number | null => {
  const inkIn = inkCounter(grey, width, box),
    b = inkRows(inkIn, box);
  const h = b.y1 - b.y0,
    y0 = Math.round(b.y0 + h * WAIST),
    y1 = Math.round(b.y1 - h * WAIST);
  if (y1 - y0 < 2) return null;
  // Stems are runs of inked columns; between two, some column must be paper.
  let stems = 0,
    inStem = false;
  for (let x = b.x0; x < b.x1; x++) {
    const share = inkIn(x, x + 1, y0, y1) / (y1 - y0);
    if (share >= STEM_INK && !inStem) {
      stems++;
      inStem = true;
    } else if (share <= GAP_INK) inStem = false;
  }
  return stems || null;
};
