/**
 * Hand rows the page reading lost, found by their ink: the card's groups all start at one
 * column, so a band of ink there where no hand row was read is a printed row. Each such band is
 * read by the pattern-line reader (pattern-rows.ts takes it only when its patterns count 14
 * tiles) and its value read again alone by tesseract. A heading read where a hand's 14 tiles are
 * found was the hand read as noise, and gives way to it.
 */
import { readBand } from './missed-rows';
import { tail, type RowWords } from './line-words';
import type { OcrWord, PageReader } from './page-reader';
import type { Straight } from './straighten';

type HandRow = Extract<RowWords, { kind: 'hand' }>;

// Ink is measured over this many group heights from the groups' column (every pattern is longer).
const COLUMN_SPAN = 6;
// A pixel darker than this is ink; a line of the band with this share of ink is print.
const INK = 128;
// Paper is about this light in the straight picture's grey.
const PAPER = 235;
const PRINT = 0.03;
// A band this many group heights tall is a row of print (a rule under a heading is thinner).
const BAND_MIN = 0.6;
const BAND_MAX = 1.8;
// A band this many group heights from every hand row read is a row not read.
const APART = 0.8;
// A pattern ends where this many group heights of its row hold no ink (groups are spaced closer).
const PATTERN_END = 2.6;

const centre = (ws: OcrWord[]) => {
  const ys = ws.map((w) => (w.box.y0 + w.box.y1) / 2).sort((a, b) => a - b);
  return ys[Math.floor(ys.length / 2)] ?? 0;
};

/** Bands of ink at the groups' column (their centres) that no hand row was read at. */
export const inkRowsMissed = (rows: RowWords[], s: Straight, groupsLeft: number, groupH: number): number[] => {
  const W = s.frame.width,
    H = s.frame.height,
    g = s.grey;
  const hands = rows.filter((r): r is HandRow => r.kind === 'hand');
  if (hands.length < 3) return [];
  const x0 = Math.max(0, Math.round(groupsLeft)),
    x1 = Math.min(W, Math.round(groupsLeft + COLUMN_SPAN * groupH));
  const top = Math.min(...hands.map((r) => centre(r.words))) - 2 * groupH,
    bottom = Math.max(...hands.map((r) => centre(r.words))) + 2 * groupH;
  const print: boolean[] = [];
  for (let y = 0; y < H; y++) {
    let n = 0;
    if (y >= top && y <= bottom) for (let x = x0; x < x1; x++) if (g[y * W + x]! < INK) n++;
    print.push(n > PRINT * (x1 - x0));
  }
  const known = hands.map((r) => centre(r.groups.filter((w): w is OcrWord => w !== 'or')));
  const out: number[] = [];
  for (let y = 0; y < H;) {
    if (!print[y]) {
      y++;
      continue;
    }
    const start = y;
    while (y < H && print[y]) y++;
    const tall = y - start,
      cy = (start + y) / 2;
    if (tall >= BAND_MIN * groupH && tall <= BAND_MAX * groupH && known.every((k) => Math.abs(k - cy) > APART * groupH)) out.push(cy);
  }
  return out;
};

/** Where a row's pattern ends: its last ink before a stretch without any. */
export const patternEnd = (s: Straight, from: number, cy: number, groupH: number): number => {
  const W = s.frame.width,
    g = s.grey;
  const y0 = Math.max(0, Math.round(cy - groupH / 2)),
    y1 = Math.min(s.frame.height, Math.round(cy + groupH / 2));
  // Ink is darker than halfway from the row's darkest print to paper (a light ink blurred never gets dark).
  let least = 255;
  for (let y = y0; y < y1; y++)
    for (let x = Math.max(0, Math.round(from)); x < Math.min(W, from + 4 * groupH); x++) least = Math.min(least, g[y * W + x]!);
  const cut = Math.max(INK, (least + PAPER) / 2);
  let last = from;
  for (let x = Math.max(0, Math.round(from)); x < W && x - last < PATTERN_END * groupH; x++) {
    for (let y = y0; y < y1; y++)
      if (g[y * W + x]! < cut) {
        last = x;
        break;
      }
  }
  return last;
};

/** The value and X/C at the value column of a row found by its ink, read alone by tesseract. */
export const valueAt = async (s: Straight, valueX: number, cy: number, groupH: number, reader: PageReader) => {
  const box = {
    x0: Math.max(0, Math.floor(valueX)),
    x1: s.frame.width - 1,
    y0: Math.max(0, Math.floor(cy - groupH)),
    y1: Math.min(s.frame.height - 1, Math.ceil(cy + groupH)),
  };
  const words = await readBand(s, box, groupH, reader);
  return { words, end: tail(words.filter((w) => w.text.trim())) };
};
