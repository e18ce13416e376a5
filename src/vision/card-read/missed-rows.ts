/**
 * Rows the page reading passed over. Tesseract now and then returns no line for a printed row
 * (often the first under a heading): the card's rows are evenly spaced, so a gap between two
 * lines read that holds another row's pitch is read again there, alone, as one line.
 */
import { stripPgm } from './row-again';
import type { OcrBox, OcrLine, OcrWord, PageReader } from './page-reader';
import type { Straight } from './straighten';

// A gap this many row pitches wide holds a row not read (a heading's extra space is less).
const MISSED_GAP = 1.7;
// The strip read is enlarged so its row is about this many pixels tall (at most MAX_SCALE times).
const TARGET_HEIGHT = 40;
const MAX_SCALE = 3;
// A strip with less ink than this share of its pixels is blank paper.
const MIN_INK = 0.01;

const centre = (l: OcrLine) => {
  const ys = l.words.map((w) => (w.box.y0 + w.box.y1) / 2).sort((a, b) => a - b);
  return ys[Math.floor(ys.length / 2)]!;
};
const height = (l: OcrLine) => {
  const hs = l.words.map((w) => w.box.y1 - w.box.y0).sort((a, b) => a - b);
  return hs[Math.floor(hs.length / 2)]!;
};

/** One row's band of the straight picture read alone, enlarged, as one line: its words placed
 *  back in the straight picture. */
export const readBand = async (s: Straight, box: OcrBox, rowH: number, reader: PageReader): Promise<OcrWord[]> => {
  const scale = Math.min(MAX_SCALE, Math.max(1, TARGET_HEIGHT / rowH));
  const again = await reader.readPage(stripPgm(s, box, scale), 'line');
  return again
    .flatMap((l) => l.words)
    .filter((w) => w.text.trim())
    .map((w) => ({
      ...w,
      box: {
        x0: Math.floor(box.x0 + w.box.x0 / scale),
        y0: Math.floor(box.y0 + w.box.y0 / scale),
        x1: Math.ceil(box.x0 + w.box.x1 / scale),
        y1: Math.ceil(box.y0 + w.box.y1 / scale),
      },
    }));
};

/** The page's lines with any row found in a gap between them read and put in its place. */
export const withMissedRows = async (lines: OcrLine[], s: Straight, reader: PageReader): Promise<OcrLine[]> => {
  const read = lines.filter((l) => l.words.length);
  if (read.length < 4) return lines;
  const ys = read.map(centre);
  const steps = ys
    .slice(1)
    .map((y, i) => y - ys[i]!)
    .sort((a, b) => a - b);
  const pitch = steps[Math.floor(steps.length / 2)]!;
  const rowH = Math.max(1, [...read.map(height)].sort((a, b) => a - b)[Math.floor(read.length / 2)]!);
  if (pitch <= rowH) return lines;
  const W = s.frame.width;
  const out: OcrLine[] = [read[0]!];
  for (let i = 1; i < read.length; i++) {
    const gap = ys[i]! - ys[i - 1]!;
    const missing = gap >= MISSED_GAP * pitch ? Math.round(gap / pitch) - 1 : 0;
    for (let k = 1; k <= missing; k++) {
      const cy = ys[i - 1]! + (k * gap) / (missing + 1);
      const box = {
        x0: 0,
        x1: W - 1,
        y0: Math.max(0, Math.floor(cy - pitch / 2)),
        y1: Math.min(s.frame.height - 1, Math.ceil(cy + pitch / 2)),
      };
      let ink = 0;
      for (let y = box.y0; y < box.y1; y++) for (let x = 0; x < W; x += 2) if (s.grey[y * W + x]! < 128) ink++;
      if (ink * 2 < MIN_INK * W * (box.y1 - box.y0)) continue;
      const words = await readBand(s, box, rowH, reader);
      if (words.length) out.push({ words });
    }
    out.push(read[i]!);
  }
  return out;
};
