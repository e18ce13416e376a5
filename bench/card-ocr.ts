/**
 * Reading a card from a picture (src/vision/card-read) on cards drawn by tools/card: invented
 * cards in many printings (fonts, inks, sizes, paper) as photo-like pictures (a table, slight
 * rotation and perspective, shadow, blur, noise, JPEG) and as scans. The figures use held-out
 * seeds never looked at while the reader was built; CARD_OCR_SEEDS=1-20 reads development seeds.
 *
 *   card.ocr_groups_right        share of groups read right (tiles and suit letter), photo set
 *   card.ocr_lines_right         share of hand lines read wholly right (value, X/C, flags, groups)
 *   card.ocr_groups_wrong_unmarked  groups read wrong and not marked unsure (silent errors)
 *   card.ocr_groups_lost / _tiles_wrong / _letter_wrong  share of photo groups wrong by kind:
 *                                no group read there, its tiles wrong, its suit letter wrong
 *   card.ocr_ms_per_card         median wall time to read one card (CPU time beside it)
 *   card.ocr_phone_*             the same photos at a phone's 12 MP (4032x3024) instead of
 *                                1600x1200, where a dense card's digits are 8 px tall
 * CARD_OCR_CACHE=DIR keeps what tesseract read per image there (development runs only);
 * CARD_OCR_PHONE=0 leaves the phone photos out (a quicker development run).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCardText } from '../tools/card/card-text';
import { openShooter, PHONE_PHOTO } from '../tools/card/shoot';
import { scoreReading, type Score } from '../tools/card/score-reading';
import { cachedReader } from '../tools/card/cached-reader';
import { patternReaderFromDisk } from '../tools/card/pattern-reader-disk';
import { decodeJpegBuffer } from '../tools/vision/decode';
import { nodeTesseract } from '../tools/vision/tesseract-node';
import { readCard } from '../src/vision/card-read/read-card';
import { tesseractPageReader, type TesseractPageLike } from '../src/vision/card-read/page-reader';
import { PNG } from 'pngjs';
import type { Frame } from '../src/vision/image';
import type { Look } from '../tools/card/card-page';

const root = join(import.meta.dirname, '..');
const cards = [join(root, 'resources', 'cards', 'sample-card.txt'), join(root, 'test', 'fixtures', 'cards', 'practice-card.txt')].map((p) =>
  readCardText(readFileSync(p, 'utf8')),
);

const range = (process.env.CARD_OCR_SEEDS ?? '1000-1015').split('-').map(Number);
const seeds = Array.from({ length: range[1]! - range[0]! + 1 }, (_, i) => range[0]! + i);
const verbose = process.env.CARD_OCR_VERBOSE === '1';

const decode = (bytes: Buffer, type: 'png' | 'jpeg'): Frame => {
  if (type === 'jpeg') return decodeJpegBuffer(bytes);
  const png = PNG.sync.read(bytes);
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length) };
};

const shooter = await openShooter();
const worker = await nodeTesseract();
const tesseract = tesseractPageReader(worker as unknown as TesseractPageLike);
// CARD_OCR_NET=0 reads with tesseract alone (the figures before the pattern-line reader).
const pattern = process.env.CARD_OCR_NET === '0' ? null : await patternReaderFromDisk();
const reader = process.env.CARD_OCR_CACHE ? cachedReader(tesseract, process.env.CARD_OCR_CACHE) : tesseract;
const total = (): Score => ({
  groups: 0,
  groupsRight: 0,
  groupsWrongUnmarked: 0,
  groupsUnsure: 0,
  lines: 0,
  linesRight: 0,
  wrong: { lost: 0, tiles: 0, letter: 0 },
  misses: [],
});
type Kind = Look | 'phone';
const sums: Record<Kind, Score> = { photo: total(), scan: total(), phone: total() };
const ms: Record<Kind, number[]> = { photo: [], scan: [], phone: [] },
  cpu: Record<Kind, number[]> = { photo: [], scan: [], phone: [] };
try {
  // Every seed as a photo and as a phone's photo; every fourth also as a scan (scans are the easy case).
  const jobs = seeds.flatMap((seed) => [
    { seed, look: 'photo' as Kind },
    ...(process.env.CARD_OCR_PHONE === '0' ? [] : [{ seed, look: 'phone' as Kind }]),
    ...(seed % 4 === 0 ? [{ seed, look: 'scan' as Kind }] : []),
  ]);
  for (const { seed, look } of jobs) {
    const card = cards[seed % cards.length]!;
    const shot = await (look === 'phone' ? shooter.shoot(card, seed, 'photo', PHONE_PHOTO) : shooter.shoot(card, seed, look));
    const frame = decode(shot.bytes, shot.type);
    const t0 = performance.now(),
      c0 = process.cpuUsage();
    const reading = await readCard(frame, reader, pattern);
    ms[look].push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu[look].push((c.user + c.system) / 1000);
    const s = scoreReading(card, reading);
    const sum = sums[look];
    for (const k of ['groups', 'groupsRight', 'groupsWrongUnmarked', 'groupsUnsure', 'lines', 'linesRight'] as const) sum[k] += s[k];
    for (const k of ['lost', 'tiles', 'letter'] as const) sum.wrong[k] += s.wrong[k];
    if (verbose)
      process.stderr.write(
        `${look} ${seed}: ${s.groupsRight}/${s.groups} groups (lost ${s.wrong.lost}, tiles ${s.wrong.tiles}, letter ${s.wrong.letter}), ${s.linesRight}/${s.lines} lines${s.misses.length ? `: ${s.misses.join('; ')}` : ''}\n`,
      );
  }
} finally {
  await worker.terminate();
  await shooter.close();
}
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p = sums.photo,
  sc = sums.scan,
  ph = sums.phone;
console.log(`card.ocr_seeds: ${seeds[0]}-${seeds.at(-1)}`);
console.log(`card.ocr_photo_cards: ${seeds.length}`);
console.log(`card.ocr_groups_right: ${r3(p.groupsRight / p.groups)}`);
console.log(`card.ocr_lines_right: ${r3(p.linesRight / p.lines)}`);
console.log(`card.ocr_groups_unsure: ${r3(p.groupsUnsure / p.groups)}`);
console.log(`card.ocr_groups_wrong_unmarked: ${p.groupsWrongUnmarked}`);
console.log(`card.ocr_groups_photo: ${p.groups}`);
console.log(`card.ocr_groups_lost: ${r3(p.wrong.lost / p.groups)}`);
console.log(`card.ocr_groups_tiles_wrong: ${r3(p.wrong.tiles / p.groups)}`);
console.log(`card.ocr_groups_letter_wrong: ${r3(p.wrong.letter / p.groups)}`);
console.log(`card.ocr_scan_groups_right: ${r3(sc.groupsRight / Math.max(1, sc.groups))}`);
console.log(`card.ocr_scan_lines_right: ${r3(sc.linesRight / Math.max(1, sc.lines))}`);
console.log(`card.ocr_ms_per_card: ${Math.round(median(ms.photo))}`);
console.log(`card.ocr_cpu_ms_per_card: ${Math.round(median(cpu.photo))}`);
console.log(`card.ocr_phone_groups_right: ${r3(ph.groupsRight / ph.groups)}`);
console.log(`card.ocr_phone_lines_right: ${r3(ph.linesRight / ph.lines)}`);
console.log(`card.ocr_phone_groups_wrong_unmarked: ${ph.groupsWrongUnmarked}`);
console.log(`card.ocr_phone_groups_lost: ${r3(ph.wrong.lost / ph.groups)}`);
console.log(`card.ocr_phone_groups_tiles_wrong: ${r3(ph.wrong.tiles / ph.groups)}`);
console.log(`card.ocr_phone_groups_letter_wrong: ${r3(ph.wrong.letter / ph.groups)}`);
console.log(`card.ocr_phone_ms_per_card: ${Math.round(median(ms.phone))}`);
console.log(`card.ocr_phone_cpu_ms_per_card: ${Math.round(median(cpu.phone))}`);
