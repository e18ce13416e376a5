/**
 * Training strips for the pattern-line reader (tools/card/train-pattern-reader.py): invented
 * cards (random-card.ts) drawn by card-page.ts as photos at 2 MP and 12 MP and as scans, each
 * straightened by the app's own code, each hand row's pattern cut by pattern-strip.ts from where
 * the row truly lies, shifted and sized the way finding a row errs.
 *
 *   npx tsx tools/card/pattern-strips.ts OUT.bin FIRST_SEED COUNT [--fonts A,B] [--crops N]
 *
 * OUT.bin: per strip, u16 width, u8 label length, u8 font index, the label (pattern tiles,
 * groups parted by spaces, alternatives by " | "), then 24 x width grey bytes, row by row.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { cardPage, rng, styleFor, type Look } from './card-page';
import { splitGroup } from './card-text';
import { randomCard } from './random-card';
import { CHROMIUM, PHONE_PHOTO, SMALL_PHOTO, type PhotoSize } from './shoot';
import { decodeJpegBuffer } from '../vision/decode';
import { PNG } from 'pngjs';
import { straighten, type Straight } from '../../src/vision/card-read/straighten';
import { patternStrip, STRIP_H } from '../../src/vision/card-read/pattern-strip';
import type { Frame } from '../../src/vision/image';

export const TRAIN_FONTS = [
  'DejaVu Sans',
  'Liberation Sans',
  'Liberation Serif',
  'DejaVu Sans Condensed',
  'Liberation Mono',
  'DejaVu Sans Mono',
  'DejaVu Serif Condensed',
  'DejaVu Sans Light',
];
/** Fonts of the bench never drawn for training, to measure how the reader does on a face it never saw. */
export const HELD_OUT_FONTS = ['DejaVu Serif', 'Liberation Sans Narrow'];
// A group's height (digits, capitals) as a share of the font size.
const CAP = 0.72;

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const fonts = opt('--fonts')?.split(',') ?? TRAIN_FONTS;
const crops = Number(opt('--crops') ?? 2);
const [out, first, count] = [args[0]!, Number(args[1]), Number(args[2])];

interface RowMarks {
  label: string;
  left: [number, number];
  right: [number, number];
  noteStart: [number, number];
  localW: number;
}

/** Each hand row's label and, in photo pixels, its groups' left and right ends and where its note starts. */
const MARKS = `(() => {
  const card = document.getElementById('card');
  const t = card.style.transform; card.style.transform = 'none';
  const c = card.getBoundingClientRect();
  const rows = [];
  for (const td of document.querySelectorAll('td.pat')) {
    const spans = [...td.querySelectorAll('span')];
    const groups = spans.filter((s) => !s.classList.contains('or'));
    const r0 = groups[0].getBoundingClientRect(), r1 = groups[groups.length - 1].getBoundingClientRect();
    const tr = td.parentElement;
    const range = document.createRange();
    const note = tr.querySelector('.note');
    range.selectNodeContents(note.textContent ? note : tr.querySelector('.xc'));
    const n = range.getBoundingClientRect();
    const cy = (r0.top + r0.bottom) / 2 - c.top;
    rows.push({ text: spans.map((s) => (s.classList.contains('or') ? '|' : s.textContent)).join(' '), pts: [[r0.left - c.left, cy], [r1.right - c.left, cy], [n.left - c.left, cy]] });
  }
  card.style.transform = t;
  const marks = [];
  for (const row of rows) for (const [x, y] of row.pts) {
    const m = document.createElement('div');
    m.style.cssText = 'position:absolute;width:0;height:0;left:' + x + 'px;top:' + y + 'px';
    card.appendChild(m);
    marks.push(m);
  }
  const at = marks.map((m) => { const b = m.getBoundingClientRect(); return [b.left, b.top]; });
  for (const m of marks) m.remove();
  return rows.map((row, i) => ({ label: row.text, left: at[3 * i], right: at[3 * i + 1], noteStart: at[3 * i + 2], localW: row.pts[1][0] - row.pts[0][0] }));
})()`;

/** A point of the photo in the straight picture (toPicture undone by Newton's method). */
const toStraight = (s: Straight, p: [number, number]): [number, number] => {
  let x = s.frame.width / 2,
    y = s.frame.height / 2;
  for (let i = 0; i < 12; i++) {
    const [px, py] = s.toPicture(x, y);
    const [ax, ay] = s.toPicture(x + 1, y);
    const [bx, by] = s.toPicture(x, y + 1);
    const j00 = ax - px,
      j10 = ay - py,
      j01 = bx - px,
      j11 = by - py;
    const det = j00 * j11 - j01 * j10;
    const ex = p[0] - px,
      ey = p[1] - py;
    x += (j11 * ex - j01 * ey) / det;
    y += (-j10 * ex + j00 * ey) / det;
  }
  return [x, y];
};

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--font-render-hinting=none'] });
const page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
const chunks: Buffer[] = [];
let n = 0;
try {
  for (let seed = first; seed < first + count; seed++) {
    const r = rng(seed * 13 + 3);
    const font = fonts[seed % fonts.length]!;
    const card = randomCard(seed);
    // Every card as a 2 MP photo; every third also at 12 MP, every fourth as a scan.
    const shots: [Look, PhotoSize][] = [['photo', SMALL_PHOTO]];
    if (seed % 3 === 0) shots.push(['photo', PHONE_PHOTO]);
    if (seed % 4 === 1) shots.push(['scan', SMALL_PHOTO]);
    for (const [look, frame] of shots) {
      const style = { ...styleFor(seed, look), font };
      if (look === 'photo') await page.setViewportSize({ width: frame[0], height: frame[1] });
      else await page.setViewportSize({ width: 1600, height: 1200 });
      await page.setContent(cardPage(card, style));
      await page.evaluate(`document.fonts.ready`);
      const size = (await page.evaluate(
        `(() => { const c = document.getElementById('card'); return [c.offsetWidth, c.offsetHeight]; })()`,
      )) as [number, number];
      if (look === 'photo') {
        const fit = Math.min((frame[0] * 0.88) / size[0], (frame[1] * 0.88) / size[1]);
        await page.evaluate(`document.getElementById('card').style.setProperty('--fit', '${fit.toFixed(3)}')`);
      } else await page.setViewportSize({ width: size[0] + 60, height: size[1] + 60 });
      const rows = (await page.evaluate(MARKS)) as RowMarks[];
      const bytes = await page.screenshot(look === 'photo' ? { type: 'jpeg', quality: style.jpegQuality } : { type: 'png' });
      let f: Frame;
      if (look === 'photo') f = decodeJpegBuffer(bytes);
      else {
        const png = PNG.sync.read(bytes);
        f = { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length) };
      }
      const s = straighten(f);
      for (const row of rows) {
        const a = toStraight(s, row.left),
          b = toStraight(s, row.right),
          e = toStraight(s, row.noteStart);
        const perPx = Math.hypot(b[0] - a[0], b[1] - a[1]) / Math.max(1, row.localW);
        const h = CAP * style.size * perPx;
        if (!(h > 3) || a[0] < 0 || b[0] > s.frame.width) continue;
        const label = row.label
          .split(' ')
          .map((g) => (g === '|' ? g : splitGroup(g).tiles))
          .join(' ');
        for (let k = 0; k < crops; k++) {
          const x0 = a[0] - (0.2 + 0.8 * r()) * h;
          const roomRight = e[0] - 0.15 * h - b[0];
          const x1 = r() < 0.1 ? e[0] + 0.5 * h * r() : b[0] + Math.max(0.1 * h, Math.min(roomRight, 4 * h) * r());
          const cy = (a[1] + b[1]) / 2 + (r() - 0.5) * 0.3 * h;
          const st = patternStrip(s, x0, x1, cy, h * (0.85 + 0.35 * r()));
          if (st.height !== STRIP_H) throw new Error(`strip ${st.height} tall`);
          const head = Buffer.alloc(4);
          head.writeUInt16LE(st.width, 0);
          head.writeUInt8(label.length, 2);
          head.writeUInt8(fonts.indexOf(font), 3);
          chunks.push(head, Buffer.from(label, 'latin1'), Buffer.from(st.grey));
          n++;
        }
      }
    }
    process.stderr.write(`seed ${seed} (${font}): ${n} strips\n`);
    writeFileSync(out, Buffer.concat(chunks));
  }
} finally {
  await browser.close();
}
