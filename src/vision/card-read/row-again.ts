/**
 * A hand row read again, one pattern at a time: its strip of the straight picture enlarged (a
 * dense card photographed whole prints its digits some 8-12 px tall, too small for tesseract)
 * and read as one line of group characters only. Every pattern holds 14 tiles, so a reading
 * that does not count 14 is known to be wrong: the second reading is taken when it counts 14.
 */
import { encodePgm } from '../image';
import { asTokens } from './group-text';
import { enlargedStrip } from './strip';
import type { GroupWord, RowWords } from './line-words';
import type { OcrBox, OcrWord, PageReader } from './page-reader';
import type { Straight } from './straighten';

type HandRow = Extract<RowWords, { kind: 'hand' }>;

// The enlarged strip puts a group's height at this many pixels (tesseract's sweet spot), never
// enlarging more than MAX_SCALE times.
const TARGET_HEIGHT = 40;
const MAX_SCALE = 4;
// Margins around a pattern's strip, in group heights: above and below, and before its first group.
const PAD_Y = 0.45;
const PAD_X = 0.6;
const TILES = 14;

const tileCount = (ws: OcrWord[]): number | null => {
  let n = 0;
  for (const w of ws) {
    const t = asTokens(w.text);
    if (!t) return null;
    n += t.tokens.length;
  }
  return n;
};

/** The groups of a row, parted at each "or" into its patterns. */
const patternsOf = (groups: GroupWord[]): OcrWord[][] => {
  const out: OcrWord[][] = [[]];
  for (const g of groups) {
    if (g === 'or') out.push([]);
    else out.at(-1)!.push(g);
  }
  return out.filter((p) => p.length);
};

/** Part of the straight picture, enlarged by `scale` from the photo and levelled, as PGM. */
export const stripPgm = (s: Straight, b: OcrBox, scale: number): Uint8Array => {
  const e = enlargedStrip(s, b, scale);
  return encodePgm(e.width, e.height, e.grey);
};

/** One pattern's strip read again: its group words placed back in the straight picture. */
const readStrip = async (s: Straight, b: OcrBox, groupH: number, reader: PageReader): Promise<OcrWord[]> => {
  const scale = Math.min(MAX_SCALE, Math.max(1, TARGET_HEIGHT / groupH));
  const lines = await reader.readPage(stripPgm(s, b, scale), 'strip');
  return lines
    .flatMap((l) => l.words)
    .filter((w) => w.text.trim())
    .map((w) => ({
      text: w.text,
      confidence: w.confidence,
      box: {
        x0: Math.floor(b.x0 + w.box.x0 / scale),
        y0: Math.floor(b.y0 + w.box.y0 / scale),
        x1: Math.ceil(b.x0 + w.box.x1 / scale),
        y1: Math.ceil(b.y0 + w.box.y1 / scale),
      },
    }));
};

/** The first words of a strip that count 14 tiles (all of them when they never do). */
const upTo14 = (ws: OcrWord[]): OcrWord[] => {
  let n = 0;
  for (const [i, w] of ws.entries()) {
    n += asTokens(w.text)?.tokens.length ?? TILES + 1;
    if (n >= TILES) return ws.slice(0, i + 1);
  }
  return ws;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Each hand row's patterns that do not count 14 tiles read again; the row's groups replaced where
 * the second reading counts 14. Returns the groups it read otherwise, for the player to look at.
 */
export const rowsAgain = async (rows: RowWords[], s: Straight, reader: PageReader): Promise<Set<OcrWord>> => {
  const readAgain = new Set<OcrWord>();
  const hands = rows.filter((r): r is HandRow => r.kind === 'hand');
  const firsts = hands.flatMap((r) => (r.groups[0] && r.groups[0] !== 'or' ? [r.groups[0].box.x0] : []));
  const groupsLeft = median(firsts);
  for (const r of hands) {
    const patterns = patternsOf(r.groups);
    if (!patterns.length) continue;
    const inRow = new Set(patterns.flat());
    const groupH = median(patterns.flat().map((w) => w.box.y1 - w.box.y0));
    if (groupH <= 0) continue;
    const ys = patterns.flat().map((w) => (w.box.y0 + w.box.y1) / 2);
    const cy = median(ys);
    // What lies right of the groups and is none of them: the note, the X/C and value.
    const lastX = Math.max(...patterns.flat().map((w) => w.box.x1));
    const after = r.words.filter((w) => !inRow.has(w) && w.box.x0 >= lastX).map((w) => w.box.x0);
    const rightEnd = after.length ? Math.min(...after) : lastX + 3 * groupH;
    const next: GroupWord[] = [];
    let changed = false;
    for (const [i, p] of patterns.entries()) {
      const first = tileCount(p);
      if (first === TILES) {
        if (i) next.push('or');
        next.push(...p);
        continue;
      }
      // Between the "or"s: from the end of the previous pattern's last group (or the card's
      // group column) to the start of the next pattern's first group (or the note).
      const before = i ? patterns[i - 1]!.at(-1)!.box.x1 : groupsLeft - PAD_X * groupH;
      const orBefore = i ? r.words.find((w) => !inRow.has(w) && w.box.x0 >= before && w.box.x1 <= p[0]!.box.x0) : undefined;
      const left = orBefore ? orBefore.box.x1 + 1 : i ? (before + p[0]!.box.x0) / 2 : before;
      const nextFirst = patterns[i + 1]?.[0];
      const orAfter = nextFirst
        ? r.words.find((w) => !inRow.has(w) && w.box.x0 >= p.at(-1)!.box.x1 && w.box.x1 <= nextFirst.box.x0)
        : undefined;
      // The last pattern's strip runs to the X/C: its note, read as group characters, is cut off
      // where the groups count 14 (a note misread is often taken for groups by the first reading).
      const last = !nextFirst;
      const tailX = r.tailWords[0]?.box.x0;
      const right = orAfter
        ? orAfter.box.x0 - 1
        : nextFirst
          ? (p.at(-1)!.box.x1 + nextFirst.box.x0) / 2
          : Math.max(rightEnd, tailX ?? rightEnd) - 0.3 * groupH;
      const box = {
        x0: Math.max(0, Math.floor(left)),
        x1: Math.min(s.frame.width - 1, Math.ceil(right)),
        y0: Math.max(0, Math.floor(cy - (0.5 + PAD_Y) * groupH)),
        y1: Math.min(s.frame.height - 1, Math.ceil(cy + (0.5 + PAD_Y) * groupH)),
      };
      const read = box.x1 - box.x0 > groupH ? await readStrip(s, box, groupH, reader) : [];
      const again = last ? upTo14(read) : read;
      const take = tileCount(again) === TILES;
      // Counting 14 is no proof: a group read as the first time keeps its first word (and the
      // checks it gets); one read otherwise is marked for the player.
      const kept = again.map((w) => {
        const mid = (w.box.x0 + w.box.x1) / 2;
        const was = p.find((q) => q.box.x0 <= mid && mid <= q.box.x1);
        if (was && asTokens(was.text)?.tokens === asTokens(w.text)?.tokens) return was;
        if (take) readAgain.add(w);
        return w;
      });
      if (i) next.push('or');
      next.push(...(take ? kept : p));
      changed ||= take;
    }
    if (changed) {
      r.groups = next;
      r.words = [...r.words.filter((w) => !inRow.has(w)), ...next.filter((g): g is OcrWord => g !== 'or')].sort(
        (a, b) => a.box.x0 - b.box.x0,
      );
    }
  }
  return readAgain;
};
