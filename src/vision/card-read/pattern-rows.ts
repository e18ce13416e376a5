/**
 * Hand rows read by the pattern-line reader (pattern-reader.ts): every hand row's strip is read
 * by the network, and its groups are taken when every pattern it reads counts 14 tiles. Where
 * tesseract counted 14 in the same groups, a group the two read otherwise is marked for the
 * player, as is a group the network was not sure of. Rows the page reading lost are found by
 * their ink (ink-rows.ts) and read the same way. A row whose strip does not count 14 is cut again
 * to its own band of ink (ink-band.ts): tesseract's boxes sometimes span two printed rows. The
 * groups keep their place in the picture (their printed words in the strip), so their ink still
 * gives their suit.
 */
import { asTokens } from './group-text';
import { patternStrip } from './pattern-strip';
import { readPatternStrip, type PatternReader, type ReadChar } from './pattern-reader';
import type { GroupWord, RowWords } from './line-words';
import type { OcrWord, PageReader } from './page-reader';
import { inkRowsMissed, patternEnd, valueAt } from './ink-rows';
import { inkBand } from './ink-band';
import type { Straight } from './straighten';

type HandRow = Extract<RowWords, { kind: 'hand' }>;

const TILES = 14;
// The strip starts this many group heights before the card's first groups (as training cut it).
const PAD_LEFT = 0.6;
// ...and ends this many group heights before the row's note or X/C.
const PAD_RIGHT = 0.15;
// A row found by its ink: the strip ends this many group heights after its last ink.
const PAD_END = 0.5;
// A row's own group height within this share of the card's is its own (more, a misread box).
const HEIGHT_AGREES = 0.25;
// A row's ink is measured over this many group heights from the groups' column (every pattern is longer).
const COLUMN_SPAN = 6;
// Rows read under a height: this many make it the card's for finding rows lost (fewer, tesseract's).
const MIN_READ = 3;
// A row that failed is read again at its band when this share of a group height from where it was cut.
const BAND_DIFFERS = 0.1;
/** A character read less sure than this (0..1) leaves its group marked unsure. */
export const PATTERN_SURE = 0.9;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const centreOf = (ws: OcrWord[]) => median(ws.map((w) => (w.box.y0 + w.box.y1) / 2));

const patternsOf = (groups: GroupWord[]): OcrWord[][] => {
  const out: OcrWord[][] = [[]];
  for (const g of groups) {
    if (g === 'or') out.push([]);
    else out.at(-1)!.push(g);
  }
  return out.filter((p) => p.length);
};

const counts14 = (groups: GroupWord[]): boolean => {
  const ps = patternsOf(groups);
  return ps.length > 0 && ps.every((p) => p.reduce((n, w) => n + (asTokens(w.text)?.tokens.length ?? TILES + 1), 0) === TILES);
};

// In the strip, a gap between inked columns this many strip heights wide parts two printed words
// (letters of a group stand closer; groups are a word space apart).
const WORD_GAP = 0.2;
const STRIP_INK = 128;

/** The printed words of a strip: runs of inked columns (strip pixels, end exclusive). */
export const inkWords = (strip: { width: number; height: number; grey: Uint8Array }): [number, number][] => {
  const { width: w, height: h, grey } = strip;
  const gap = WORD_GAP * h;
  const out: [number, number][] = [];
  let last = -Infinity;
  for (let x = 0; x < w; x++) {
    let ink = false;
    for (let y = Math.floor(h * 0.2); y < Math.ceil(h * 0.8) && !ink; y++) ink = grey[y * w + x]! < STRIP_INK;
    if (!ink) continue;
    if (x - last > gap || !out.length) out.push([x, x + 1]);
    else out.at(-1)![1] = x + 1;
    last = x;
  }
  return out;
};

/** The network's characters as group words in the straight picture (strip pixel x = x0 + x * perPx).
 *  A group's place is its printed word's where the strip's words and the reading's agree in number
 *  (the network's steps mark a character only roughly), else where the network read it. */
const asGroups = (
  chars: ReadChar[],
  printed: [number, number][],
  x0: number,
  perPx: number,
  y0: number,
  y1: number,
): { groups: GroupWord[]; sure: Map<OcrWord, number> } => {
  const groups: GroupWord[] = [];
  const sure = new Map<OcrWord, number>();
  const words = chars.filter(
    (c, i) => c.char !== ' ' && (i === 0 || chars[i - 1]!.char === ' ' || chars[i - 1]!.char === '|' || c.char === '|'),
  ).length;
  const own = words === printed.length;
  let k = 0;
  let run: ReadChar[] = [];
  const close = () => {
    if (!run.length) return;
    const wide = (run.at(-1)!.x1 - run[0]!.x0) / run.length;
    const [a, b] = own ? printed[k]! : [run[0]!.x0 - wide / 2, run.at(-1)!.x1 + wide / 2];
    k++;
    const w: OcrWord = {
      text: run.map((c) => c.char).join(''),
      confidence: Math.round(100 * Math.min(...run.map((c) => c.sure))),
      // Whole pixels, as tesseract's boxes are (the ink is measured pixel by pixel).
      box: { x0: Math.floor(x0 + a * perPx), x1: Math.ceil(x0 + b * perPx), y0: Math.floor(y0), y1: Math.ceil(y1) },
    };
    sure.set(w, Math.min(...run.map((c) => c.sure)));
    groups.push(w);
    run = [];
  };
  for (const c of chars) {
    if (c.char === ' ' || c.char === '|') {
      close();
      if (c.char === '|') k++;
      if (c.char === '|' && groups.length && groups.at(-1) !== 'or') groups.push('or');
    } else run.push(c);
  }
  close();
  return { groups: groups.at(-1) === 'or' ? groups.slice(0, -1) : groups, sure };
};

/** A group the network gave. */
export interface Given {
  /** how sure the network was of the group's least sure character (0..1) */
  sure: number;
  /** what tesseract read there otherwise, when it counted 14 as well */
  otherwise: string | null;
  /** tesseract counted 14 as well and read the group the same: two readers agree */
  agreed: boolean;
}

/** Where the card's notes start: the notes, in brackets, are a column of their own right of every pattern. */
const noteColumn = (hands: HandRow[]): number | null => {
  const xs = hands.flatMap((r) => {
    const own = new Set<OcrWord>(r.groups.filter((g): g is OcrWord => g !== 'or'));
    const open = r.words.find((w) => !own.has(w) && w.text.startsWith('('));
    return open ? [open.box.x0] : [];
  });
  return xs.length >= 3 ? median(xs) : null;
};

/** A row's group words that read as tiles (a word misread as noise has no trustworthy box). */
const tileWords = (r: HandRow) => r.groups.filter((g): g is OcrWord => g !== 'or' && asTokens(g.text) !== null);

/**
 * Every hand row read by the network, its groups replaced where the network's count 14, and rows
 * found by their ink added. Returns the groups it gave.
 */
export const patternRowsAgain = async (
  rows: RowWords[],
  s: Straight,
  reader: PatternReader,
  rowH: number,
  page: PageReader,
  valueX: number | null,
): Promise<Map<OcrWord, Given>> => {
  const given = new Map<OcrWord, Given>();
  const hands = rows.filter((r): r is HandRow => r.kind === 'hand');
  const firsts = hands.flatMap((r) => (r.groups[0] && r.groups[0] !== 'or' ? [r.groups[0].box.x0] : []));
  if (!firsts.length) return given;
  const groupsLeft = median(firsts);
  const notesX = noteColumn(hands);
  const rowHeight = (r: HandRow) => median(tileWords(r).map((w) => w.box.y1 - w.box.y0));
  const heights = hands.filter((r) => tileWords(r).length >= 2).map(rowHeight);
  const cardH = heights.length ? median(heights) : rowH;
  /** A strip read: its groups when every pattern counts 14, else null. */
  const readRow = async (cy: number, groupH: number, tailX: number, seenTo = 0) => {
    const x0 = Math.max(0, groupsLeft - PAD_LEFT * groupH);
    // The pattern ends at its last ink before a gap wider than groups are spaced, before the notes' column and the X/C.
    const x1 = Math.min(
      s.frame.width,
      Math.max(seenTo, patternEnd(s, groupsLeft, cy, groupH)) + PAD_END * groupH,
      (notesX ?? Infinity) - PAD_RIGHT * groupH,
      tailX - PAD_RIGHT * groupH,
    );
    if (!(groupH > 2) || x1 - x0 < 4 * groupH) return null;
    const strip = patternStrip(s, x0, x1, cy, groupH);
    const read = asGroups(
      await readPatternStrip(reader, strip),
      inkWords(strip),
      x0,
      (x1 - x0) / strip.width,
      cy - groupH / 2,
      cy + groupH / 2,
    );
    return counts14(read.groups) ? { ...read, height: groupH } : null;
  };
  const rowCentre = (r: HandRow) => {
    const tiles = tileWords(r);
    return median((tiles.length ? tiles : r.words).map((w) => (w.box.y0 + w.box.y1) / 2));
  };
  // The group heights under which rows counted 14 tiles.
  const heightsRead: number[] = [];
  for (const r of hands) {
    const first14 = counts14(r.groups);
    const own = r.groups.filter((g): g is OcrWord => g !== 'or');
    const tiles = tileWords(r);
    // The row's own group height where it read two groups or more near the card's, else the card's.
    const own2 = tiles.length >= 2 ? rowHeight(r) : 0;
    const groupH = Math.abs(own2 - cardH) <= HEIGHT_AGREES * cardH ? own2 : cardH;
    const cy = rowCentre(r);
    const inRow = new Set<OcrWord>(own);
    const tailX = r.tailWords[0]?.box.x0 ?? Infinity,
      seenTo = Math.max(0, ...tiles.map((w) => w.box.x1));
    let read = await readRow(cy, groupH, tailX, seenTo);
    // Boxes that span two printed rows give a strip twice too tall: the row's ink says how tall it is.
    const band = read ? null : inkBand(s, groupsLeft, Math.min(notesX ?? Infinity, tailX, groupsLeft + COLUMN_SPAN * groupH), cy, groupH);
    // (A band nearer another hand row is that row's: a row of noise beside it must not read it twice.)
    const theirs = band && hands.some((o) => o !== r && Math.abs(rowCentre(o) - band.cy) < Math.abs(cy - band.cy));
    if (band && !theirs && (Math.abs(band.height - groupH) > BAND_DIFFERS * groupH || Math.abs(band.cy - cy) > BAND_DIFFERS * groupH))
      read = await readRow(band.cy, band.height, tailX, seenTo);
    if (read) heightsRead.push(read.height);
    if (!read) continue;
    // Where tesseract counted 14 too, in the same groups, a group the two read otherwise is in doubt.
    const same = first14 && read.groups.length === r.groups.length && read.groups.every((g, i) => (g === 'or') === (r.groups[i] === 'or'));
    for (const [i, g] of read.groups.entries()) {
      if (g === 'or') continue;
      const t = r.groups[i];
      const theirs = same && t !== 'or' && t ? (asTokens(t.text)?.tokens ?? t.text) : null;
      given.set(g, { sure: read.sure.get(g)!, otherwise: theirs !== null && theirs !== g.text ? theirs : null, agreed: theirs === g.text });
    }
    const words = read.groups.filter((g): g is OcrWord => g !== 'or');
    r.groups = read.groups;
    r.words = [...r.words.filter((w) => !inRow.has(w)), ...words].sort((a, b) => a.box.x0 - b.box.x0);
  }
  // Rows the page reading lost, found by their ink at the groups' column.
  // ...the card's height where rows were read under it (tesseract's boxes may all have been wrong).
  const rowsH = heightsRead.length >= MIN_READ ? median(heightsRead) : cardH;
  for (const cy of inkRowsMissed(rows, s, groupsLeft, rowsH)) {
    const read = await readRow(cy, rowsH, valueX ?? Infinity);
    if (!read) continue;
    const words = read.groups.filter((g): g is OcrWord => g !== 'or');
    const value = valueX === null ? null : await valueAt(s, valueX, cy, rowsH, page);
    const end = value?.end;
    const hand: HandRow = {
      kind: 'hand',
      groups: read.groups,
      note: '',
      value: end?.value ?? null,
      concealed: end?.concealed ?? null,
      valueUnsure: end ? end.unsure : ['no value read'],
      words: [...words, ...(value?.words ?? [])],
      tailWords: end ? value!.words.slice(value!.words.length - end.used) : [],
    };
    for (const [w, p] of read.sure) given.set(w, { sure: p, otherwise: null, agreed: false });
    // A heading read there was this hand read as noise.
    const at = rows.findIndex((r) => r.kind === 'heading' && Math.abs(centreOf(r.words) - cy) < rowsH);
    if (at >= 0) rows.splice(at, 1);
    const next = rows.findIndex((r) => centreOf(r.words) > cy);
    rows.splice(next < 0 ? rows.length : next, 0, hand);
  }
  return given;
};
