/**
 * Tesseract.js reading a whole card page: its text lines, each word with its box and confidence.
 * A word or a value may be read again alone, with only the characters it can hold. Kept behind a small interface so the reading runs with a worker in the page or in Node.
 */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface OcrWord {
  text: string;
  confidence: number;
  box: OcrBox;
}
export interface OcrLine {
  words: OcrWord[];
}

/** page: the whole card; line: a row it passed over, alone; strip: one pattern's strip again, group characters only; word: one group
 *  again, group characters only; value: X/C and the value again. */
export type ReadMode = 'page' | 'line' | 'strip' | 'word' | 'value';

export interface PageReader {
  /** Lines of a grey image given as PGM bytes; `whitelist` restricts the characters (a second look). */
  readPage(pgm: Uint8Array, mode: ReadMode): Promise<OcrLine[]>;
}

/** The tesseract.js worker surface used here (keeps this module free of tesseract's types). */
export interface TesseractPageLike {
  setParameters(p: Record<string, string>): Promise<unknown>;
  recognize(
    image: Uint8Array,
    options: object,
    output: { blocks: true },
  ): Promise<{
    data: {
      blocks:
        | {
            paragraphs: {
              lines: { words: { text: string; confidence: number; bbox: OcrBox; symbols?: { text: string; bbox: OcrBox }[] }[] }[];
            }[];
          }[]
        | null;
    };
  }>;
}

// A page: one uniform block of text lines (mode 6). A row passed over: one line (mode 7). A
// pattern's strip: one line, and a
// word looked at again: one word (mode 8), only the characters a group can hold.
const PARAMS = {
  page: { tessedit_pageseg_mode: '6', tessedit_char_whitelist: '' },
  line: { tessedit_pageseg_mode: '7', tessedit_char_whitelist: '' },
  strip: { tessedit_pageseg_mode: '7', tessedit_char_whitelist: '0123456789NEWSFDRG ' },
  word: { tessedit_pageseg_mode: '8', tessedit_char_whitelist: '0123456789NEWSFDRG' },
  value: { tessedit_pageseg_mode: '7', tessedit_char_whitelist: '0123456789XC' },
};

/** A word's text with any symbol lying mostly inside its neighbour's box dropped: tesseract now
 *  and then reads one wide letter twice (WW as WwW), the second copy drawn over the first. */
export const onceEach = (w: { text: string; symbols?: { text: string; bbox: OcrBox }[] }): string => {
  const sy = w.symbols;
  if (!sy || sy.length < 2 || sy.map((x) => x.text).join('') !== w.text) return w.text;
  const width = (b: OcrBox) => Math.max(1, b.x1 - b.x0);
  const whole = Math.max(...sy.map((x) => x.bbox.x1)) - Math.min(...sy.map((x) => x.bbox.x0));
  // the same letter, under 0.6 of its neighbour's width, 80% of it within the neighbour's box;
  // the neighbour a letter's own box (tesseract sometimes gives a letter the whole word's box)
  const copy = (x: { text: string; bbox: OcrBox }, y: { text: string; bbox: OcrBox }) =>
    x.text.toUpperCase() === y.text.toUpperCase() &&
    width(x.bbox) < 0.6 * width(y.bbox) &&
    width(y.bbox) < 0.6 * whole &&
    (Math.min(x.bbox.x1, y.bbox.x1) - Math.max(x.bbox.x0, y.bbox.x0)) / width(x.bbox) > 0.8;
  return sy
    .filter((x, i) => !sy.some((y, j) => j !== i && copy(x, y)))
    .map((x) => x.text)
    .join('');
};

export const tesseractPageReader = (worker: TesseractPageLike): PageReader => {
  let mode: ReadMode | null = null;
  return {
    async readPage(pgm, m) {
      if (m !== mode) {
        await worker.setParameters(PARAMS[m]);
        mode = m;
      }
      const { data } = await worker.recognize(pgm, {}, { blocks: true });
      return (data.blocks ?? []).flatMap((b) =>
        b.paragraphs.flatMap((p) =>
          p.lines.map((l) => ({
            words: l.words.map((w) => ({ text: onceEach(w), confidence: w.confidence, box: w.bbox })),
          })),
        ),
      );
    },
  };
};
