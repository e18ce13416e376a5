/**
 * Rows the page reading turned to noise. On a dense card photographed small, tesseract now and
 * then reads a whole printed row as letters of no group (`Foams mesesrew X25`), or misses its
 * value so that the row reads as no hand at all: such a row is read again alone, its band
 * enlarged from the photo, and the second reading is kept when it is a hand row.
 */
import { readBand } from './missed-rows';
import { rowWords, type RowWords } from './line-words';
import type { OcrLine, PageReader } from './page-reader';
import type { Straight } from './straighten';

// A heading read this surely, with no digits, is a heading (Evens, Like numbers).
const SURE_HEADING = 80;
// The band read: the row's centre, this many row heights above and below.
const BAND = 0.9;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Is a row worth a second look: no hand, yet not a heading read surely? */
export const looksNoisy = (r: RowWords | null, words: number): boolean => {
  if (!words) return false;
  if (r === null) return true;
  if (r.kind !== 'heading') return false;
  const conf = r.words.reduce((a, w) => a + w.confidence, 0) / r.words.length;
  return conf < SURE_HEADING || /\d/.test(r.name);
};

/** Each noisy row read again; its second reading replaces it when that is a hand row. */
export const noisyRowsAgain = async (
  ocr: OcrLine[],
  rows: (RowWords | null)[],
  s: Straight,
  reader: PageReader,
  rowH: number,
  valueX: number | undefined,
): Promise<(RowWords | null)[]> => {
  const out = [...rows];
  for (const [i, l] of ocr.entries()) {
    if (!looksNoisy(rows[i] ?? null, l.words.length)) continue;
    const cy = median(l.words.map((w) => (w.box.y0 + w.box.y1) / 2));
    const box = {
      x0: 0,
      x1: s.frame.width - 1,
      y0: Math.max(0, Math.floor(cy - BAND * rowH)),
      y1: Math.min(s.frame.height - 1, Math.ceil(cy + BAND * rowH)),
    };
    const again = rowWords(await readBand(s, box, rowH, reader), valueX);
    if (again?.kind === 'hand') {
      out[i] = again;
      ocr[i] = { words: again.words };
    }
  }
  return out;
};
