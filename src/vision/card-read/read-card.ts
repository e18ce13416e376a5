/**
 * Read a card from a photo or scan: straighten the paper, read its rows with tesseract, give each
 * group its suit letter from its ink (same colour, same letter), and keep every row's place in
 * the picture so a player can confirm each line beside its part of the photo. A group read with
 * any doubt is marked unsure with the reason; nothing is guessed silently.
 */
import { encodePgm, type Frame } from '../image';
import { rowsAgain, stripPgm } from './row-again';
import { straighten, type Straight } from './straighten';
import { rowWords, tail, type GroupWord, type RowWords } from './line-words';
import { asTokens, settleByInk, takesSuit, type InkKind } from './group-text';
import { readAlike, type PrintedGroup } from './same-print';
import { digitAdvance, digitsHeld, type DigitWidth } from './digit-count';
import { eOrF, onesStems } from './glyph-shape';
import { withMissedRows } from './missed-rows';
import { noisyRowsAgain } from './noisy-rows';
import { patternRowsAgain, PATTERN_SURE, type Given } from './pattern-rows';
import { shippedPatternReader, type PatternReader } from './pattern-reader';
import { BLACK, COLOURED, GAP, hueGap, inkOf, inksOf, type Ink } from './ink-colour';
import type { OcrBox, OcrWord, PageReader } from './page-reader';
import type { CardReading, PictureBox, ReadGroup, ReadHand, ReadLine } from './reading';

export type { CardReading } from './reading';

const union = (bs: OcrBox[]): OcrBox => ({
  x0: Math.min(...bs.map((b) => b.x0)),
  y0: Math.min(...bs.map((b) => b.y0)),
  x1: Math.max(...bs.map((b) => b.x1)),
  y1: Math.max(...bs.map((b) => b.y1)),
});

const inPicture = (s: Straight, b: OcrBox): PictureBox => {
  const cs = [s.toPicture(b.x0, b.y0), s.toPicture(b.x1, b.y0), s.toPicture(b.x1, b.y1), s.toPicture(b.x0, b.y1)];
  const xs = cs.map((c) => c[0]),
    ys = cs.map((c) => c[1]);
  const x = Math.floor(Math.min(...xs)),
    y = Math.floor(Math.min(...ys));
  return { x, y, width: Math.ceil(Math.max(...xs)) - x, height: Math.ceil(Math.max(...ys)) - y };
};

// A word looked at again is enlarged so its height is about this many pixels (at most WORD_SCALE times).
const WORD_HEIGHT = 40;
const WORD_SCALE = 4;

/** A part of the straight picture with a margin, enlarged from the photo, as PGM for a second look. */
const wordPgm = (s: Straight, b: OcrBox): Uint8Array => {
  const pad = Math.round((b.y1 - b.y0) * 0.5) + 4;
  const box = {
    x0: Math.max(0, b.x0 - pad),
    y0: Math.max(0, b.y0 - pad),
    x1: Math.min(s.frame.width, b.x1 + pad),
    y1: Math.min(s.frame.height, b.y1 + pad),
  };
  return stripPgm(s, box, Math.min(WORD_SCALE, Math.max(1, WORD_HEIGHT / Math.max(1, b.y1 - b.y0))));
};

const inkKind = (ink: Ink): InkKind => (ink.chroma < BLACK ? 'black' : ink.chroma > COLOURED ? 'colour' : 'unsure');

interface WordReading {
  tokens: string;
  unsure: string | null;
  read: string;
}

/** A group word's tokens, looked at again (only group characters allowed) when in doubt. */
const groupText = async (w: OcrWord, s: Straight, reader: PageReader): Promise<WordReading> => {
  const first = asTokens(w.text);
  if (first && !first.lookalikes && w.confidence >= 60) return { tokens: first.tokens, unsure: null, read: w.text };
  const again = (await reader.readPage(wordPgm(s, w.box), 'word')).flatMap((l) => l.words);
  const second = again.length === 1 ? asTokens(again[0]!.text) : null;
  if (second && !second.lookalikes && again[0]!.confidence >= 70 && (!first || second.tokens.length === first.tokens.length))
    return {
      tokens: second.tokens,
      unsure: first && (second.tokens === first.tokens || !first.lookalikes) ? null : `read as ${w.text}, then ${again[0]!.text}`,
      read: w.text,
    };
  if (!first)
    return { tokens: second?.tokens ?? w.text.replace(/[^0-9A-Za-z]/g, '').toUpperCase(), unsure: `read as ${w.text}`, read: w.text };
  return { tokens: first.tokens, unsure: first.lookalikes ? `read as ${w.text}` : 'read faintly', read: w.text };
};

/** A run of digits held against its box's width: a run of one digit is set to the count the
 *  box holds when that is clear; any other count the box cannot hold makes the group unsure. */
const countChecked = (r: WordReading, box: OcrBox, advance: DigitWidth | null): WordReading => {
  if (advance === null || !/^\d+$/.test(r.tokens)) return r;
  const held = digitsHeld(box, r.tokens, advance),
    n = Math.round(held);
  if (Math.abs(held - r.tokens.length) < 0.5) return r;
  if (/^(\d)\1*$/.test(r.tokens) && n >= 1 && Math.abs(held - n) < 0.3) return { ...r, tokens: r.tokens[0]!.repeat(n) };
  return { ...r, unsure: r.unsure ?? `its width holds ${n} digits` };
};

// Letters a blurred serif one is read as (with a round o): a word of only these may be a run of ones.
const STROKES = /^(?=.*[IlLiUuNnMmHh|!\[\]])[1IlLiUuNnMmHho|!\[\]]+$/;

/** A set read as E and F mixed told by its bars; a coloured word of strokes (UN, IM) counted as ones by its
 *  stems, sure when its width holds as many digits. */
const shapeChecked = (r: WordReading, box: OcrBox, kind: InkKind, s: Straight, advance: DigitWidth | null): WordReading => {
  const w = s.frame.width;
  if (/^[EF]{2,}$/.test(r.tokens) && /E/.test(r.tokens) && /F/.test(r.tokens)) {
    const letter = eOrF(s.grey, w, box);
    return letter ? { ...r, tokens: letter.repeat(r.tokens.length) } : r;
  }
  if (kind === 'black' || !STROKES.test(r.read) || /^1+$/.test(r.read)) return r;
  const n = onesStems(s.grey, w, box);
  if (n === null || n < 2) return r;
  const fits = advance !== null && Math.abs(digitsHeld(box, '1'.repeat(n), advance) - n) < 0.5;
  return { ...r, tokens: '1'.repeat(n), unsure: fits ? null : `read as ${r.read}; its strokes look like ${n} ones` };
};

/** Tesseract parts a run of narrow digits (11111 in a monospaced face) into words: neighbours of
 *  the same digit and ink, closer than a digit's advance, are one group. */
const joinSplitRuns = (
  groups: GroupWord[],
  inks: Map<OcrWord, Ink>,
  advance: DigitWidth,
  s: Straight,
  fixed: Map<OcrWord, Given>,
): GroupWord[] => {
  const out: GroupWord[] = [];
  for (const g of groups) {
    const prev = out.at(-1);
    if (g !== 'or' && prev && prev !== 'or' && !fixed.has(g) && !fixed.has(prev)) {
      const a = asTokens(prev.text)?.tokens ?? '-',
        b = asTokens(g.text)?.tokens ?? '-';
      const ia = inks.get(prev)!,
        ib = inks.get(g)!;
      const sameInk = inkKind(ia) === inkKind(ib) && (inkKind(ia) !== 'colour' || hueGap(ia.hue, ib.hue) < GAP);
      if (/^(\d)\1*$/.test(a + b) && sameInk && g.box.x0 - prev.box.x1 < 0.8 * advance.advance) {
        const joined: OcrWord = { text: a + b, confidence: Math.min(prev.confidence, g.confidence), box: union([prev.box, g.box]) };
        inks.set(joined, inkOf(s.frame, s.grey, joined.box));
        out[out.length - 1] = joined;
        continue;
      }
    }
    out.push(g);
  }
  return out;
};

// Card values are multiples of 5 from 10 up (25, 30, 50, 75): any other is looked at again.
const plausible = (v: number | null) => v !== null && v >= 10 && v % 5 === 0;

/** The X/C and value read again alone (digits, X and C only) when the first reading is implausible. */
const valueChecked = async (r: Extract<RowWords, { kind: 'hand' }>, s: Straight, reader: PageReader) => {
  if (plausible(r.value) || !r.tailWords.length) return;
  const again = (await reader.readPage(wordPgm(s, union(r.tailWords.map((w) => w.box))), 'value')).flatMap((l) => l.words);
  const end = tail(again);
  if (end && plausible(end.value) && end.concealed !== null) {
    Object.assign(r, { value: end.value, concealed: end.concealed, valueUnsure: end.unsure });
    return;
  }
  r.valueUnsure = [...r.valueUnsure, 'the value is not a multiple of 5'];
};

const centreY = (ws: OcrWord[]) => {
  const b = union(ws.map((w) => w.box));
  return (b.y0 + b.y1) / 2;
};

// The value column starts this many row heights left of where hand rows' X/C are read.
const COLUMN_MARGIN = 1.5;

/** Where the card's value column starts: the X/C of its hand rows, when most agree. */
const valueColumn = (rows: (RowWords | null)[], rowH: number): number | null => {
  const xs = rows.flatMap((r) => (r?.kind === 'hand' && r.tailWords.length ? [r.tailWords[0]!.box.x0] : [])).sort((a, b) => a - b);
  return xs.length >= 3 ? xs[Math.floor(xs.length / 2)]! - COLUMN_MARGIN * rowH : null;
};

/** The card in a picture, read by tesseract (`reader`) and, where its groups fall short, by the
 *  pattern-line reader (`pattern`: the shipped one when loaded; none reads with tesseract alone). */
export const readCard = async (
  frame: Frame,
  reader: PageReader,
  pattern: PatternReader | null = shippedPatternReader(),
): Promise<CardReading> => {
  const s = straighten(frame);
  // A picture with next to no ink (an empty page, a blank wall) holds no card: no need to read it.
  let ink = 0;
  for (let i = 0; i < s.grey.length; i += 7) if (s.grey[i]! < 128) ink++;
  if (ink * 7 < 0.002 * s.grey.length) return { title: null, year: null, lines: [] };
  const ocr = await withMissedRows(await reader.readPage(encodePgm(s.frame.width, s.frame.height, s.grey), 'page'), s, reader);
  const firstLook = ocr.map((l) => rowWords(l.words));
  const heights = firstLook.flatMap((r) => r?.words.map((w) => w.box.y1 - w.box.y0) ?? []).sort((a, b) => a - b);
  const rowH = heights[Math.floor(heights.length / 2)] ?? 20;
  // Rows that are no hand but reach the value column are hands whose value was misread.
  const valueX = valueColumn(firstLook, rowH);
  const first = await noisyRowsAgain(ocr, firstLook, s, reader, rowH, valueX ?? undefined);
  const rows = first
    .map((r, i) => (r?.kind === 'hand' || r?.kind === 'value' || valueX === null ? r : rowWords(ocr[i]!.words, valueX)))
    .filter((r): r is RowWords => r !== null && r !== undefined);

  // A value read on a row of its own belongs to the nearest hand row without one.
  for (const v of rows.filter((r) => r.kind === 'value')) {
    const yv = centreY(v.words);
    const near = rows
      .filter(
        (r): r is Extract<RowWords, { kind: 'hand' }> =>
          r.kind === 'hand' && r.value === null && Math.abs(centreY(r.words) - yv) < 1.5 * rowH,
      )
      .sort((a, b) => Math.abs(centreY(a.words) - yv) - Math.abs(centreY(b.words) - yv))[0];
    if (!near || v.kind !== 'value') continue;
    Object.assign(near, { value: v.value, concealed: v.concealed, valueUnsure: v.valueUnsure, note: near.note || v.note });
    near.words.push(...v.words);
  }

  for (const r of rows) if (r.kind === 'hand') await valueChecked(r, s, reader);
  const readAgain = await rowsAgain(rows, s, reader);
  const byNetwork = pattern ? await patternRowsAgain(rows, s, pattern, rowH, reader, valueX) : new Map<OcrWord, Given>();

  // Inks first (the card's suit colours come from all its groups), then each group.
  const inks = new Map<OcrWord, Ink>();
  for (const r of rows) if (r.kind === 'hand') for (const g of r.groups) if (g !== 'or') inks.set(g, inkOf(s.frame, s.grey, g.box));
  const hues = [...inks.values()].filter((i) => inkKind(i) === 'colour').map((i) => i.hue);
  const suitInks = inksOf(hues);
  const clearDigits = [...inks.keys()]
    .filter((w) => w.confidence >= 80 && /^\d+$/.test(w.text) && !byNetwork.has(w))
    .map((w) => ({ digits: w.text, box: w.box }));
  const advance = digitAdvance(clearDigits);

  if (advance !== null) for (const r of rows) if (r.kind === 'hand') r.groups = joinSplitRuns(r.groups, inks, advance, s, byNetwork);

  const lines: ReadLine[] = [];
  const printed: (PrintedGroup & { read: ReadGroup })[] = [];
  let title: string | null = null;
  for (const [k, r] of rows.entries()) {
    const box = inPicture(s, union(r.words.map((w) => w.box)));
    if (r.kind === 'value') continue;
    if (r.kind === 'heading') {
      const beforeHands = !lines.some((l) => l.kind === 'hand');
      if (beforeHands && title === null && !lines.length && rows[k + 1]?.kind === 'heading') title = r.name;
      else lines.push({ kind: 'heading', name: r.name, box });
      continue;
    }
    const patterns: ReadGroup[][] = [[]];
    const seen: number[][] = [[]];
    for (const g of r.groups as GroupWord[]) {
      if (g === 'or') {
        patterns.push([]);
        seen.push([]);
        continue;
      }
      const ink = inks.get(g)!;
      const kind = inkKind(ink);
      // The network's groups count 14 as read; its boxes are too rough for the width checks.
      const net = byNetwork.get(g);
      const text =
        net !== undefined
          ? {
              tokens: g.text,
              unsure: net.otherwise
                ? `read as ${g.text} by the pattern reader, ${net.otherwise} by the page reader`
                : net.sure < PATTERN_SURE && !net.agreed
                  ? 'read by the pattern reader, not surely'
                  : null,
              read: g.text,
            }
          : shapeChecked(countChecked(await groupText(g, s, reader), g.box, advance), g.box, kind, s, advance);
      const settled = settleByInk(text.tokens, kind);
      let letter = '',
        unsure = text.unsure ?? settled.unsure ?? (readAgain.has(g) ? 'read again from its row' : null);
      if (kind === 'colour' && /[1-9D]/.test(settled.tokens)) {
        let at = -1,
          gap = Infinity;
        for (const [i, h] of suitInks.entries())
          if (hueGap(h, ink.hue) < gap) {
            gap = hueGap(h, ink.hue);
            at = i;
          }
        if (gap > GAP) unsure ??= 'its colour matches no other group';
        const mine = seen.at(-1)!;
        if (!mine.includes(at)) mine.push(at);
        letter = 'abc'[mine.indexOf(at)] ?? '';
        if (!letter) unsure ??= 'a fourth colour in one hand';
      }
      const read: ReadGroup = { tokens: settled.tokens, letter, unsure, read: text.read, box: inPicture(s, g.box) };
      patterns.at(-1)!.push(read);
      printed.push({ read, box: g.box, tokens: settled.tokens, confidence: text.unsure ? 0 : g.confidence });
    }
    const section = [...lines].reverse().find((l) => l.kind === 'heading');
    const hand: ReadHand = {
      kind: 'hand',
      value: r.value,
      concealed: r.concealed,
      // Printed cards say "any" in the note ("any 3 consec. nos.", "any like nos.", "any number");
      // Singles and Pairs is a section.
      any: /consec|like\s*n|any\s+(\w+\s+)?numbers?\b/i.test(r.note),
      sp: section?.kind === 'heading' && /singles?\s*(and|&)\s*pairs/i.test(section.name),
      patterns: patterns.filter((p) => p.length),
      note: r.note,
      unsure: r.value === null ? ['no value read'] : r.valueUnsure,
      box,
    };
    lines.push(hand);
  }
  // A group read otherwise than the groups printed like it takes their reading, marked.
  for (const [i, alike] of readAlike(printed, s.grey, s.frame.width, s.frame.height).entries()) {
    const g = printed[i]!.read;
    if (alike === null || takesSuit(alike) !== takesSuit(g.tokens)) continue;
    g.unsure = `read as ${g.tokens}; groups printed alike read ${alike}`;
    g.tokens = alike;
  }
  const year = /\b(19|20)\d\d\b/.exec(title ?? '');
  return { title, year: year ? Number(year[0]) : null, lines };
};
