import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePgm } from '../../src/vision/image';
import { readImage } from '../../tools/vision/decode';
import { nodeTesseract } from '../../tools/vision/tesseract-node';
import { straighten, type Straight } from '../../src/vision/card-read/straighten';
import { rowWords, type RowWords } from '../../src/vision/card-read/line-words';
import { withMissedRows } from '../../src/vision/card-read/missed-rows';
import { rowsAgain } from '../../src/vision/card-read/row-again';
import { noisyRowsAgain } from '../../src/vision/card-read/noisy-rows';
import { tesseractPageReader, type OcrLine, type PageReader, type TesseractPageLike } from '../../src/vision/card-read/page-reader';

// The second looks of the card reader on a real picture read by real tesseract.js: a row the page
// reading passed over, and a pattern whose groups do not count 14 tiles. The slips are made by
// taking a row (or a group) out of tesseract's own reading, so the test knows what should come back.
const FIX = join(import.meta.dirname, '..', 'fixtures', 'cards');

describe('a card row read again alone', () => {
  let worker: Awaited<ReturnType<typeof nodeTesseract>>;
  let reader: PageReader;
  let s: Straight;
  let page: OcrLine[];
  beforeAll(async () => {
    worker = await nodeTesseract();
    reader = tesseractPageReader(worker as unknown as TesseractPageLike);
    const img = readImage(join(FIX, 'practice-photo.jpg'));
    if (!img.ok) throw new Error(img.error);
    s = straighten(img.frame);
    page = await reader.readPage(encodePgm(s.frame.width, s.frame.height, s.grey), 'page');
  }, 120_000); // starting tesseract and reading a page on a busy machine
  afterAll(() => worker?.terminate());

  // A hand row between two hand rows (its gap is then plain row pitch, no heading's space).
  const isHand = (l: OcrLine | undefined) => l !== undefined && rowWords(l.words)?.kind === 'hand';
  const handAt = (lines: OcrLine[]) => lines.findIndex((l, i) => isHand(lines[i - 1]) && isHand(l) && isHand(lines[i + 1]));

  it('a row the page reading passed over is found in the gap and read alone', async () => {
    const at = handAt(page);
    expect(at).toBeGreaterThan(0);
    const lost = page[at]!;
    const without = page.filter((_, i) => i !== at);
    const found = await withMissedRows(without, s, reader);
    expect(found).toHaveLength(page.length);
    const back = found[at]!;
    expect(without).not.toContain(back);
    const groups = (l: OcrLine) => rowWords(l.words);
    const [a, b] = [groups(lost), groups(back)];
    expect(b?.kind).toBe('hand');
    if (a?.kind !== 'hand' || b?.kind !== 'hand') throw new Error('not a hand row');
    expect(b.value).toBe(a.value);
    expect(b.concealed).toBe(a.concealed);
    // Placed back on its row: its words lie between the rows above and below.
    const y = (l: OcrLine) => l.words[0]!.box.y0;
    expect(y(back)).toBeGreaterThan(y(found[at - 1]!));
    expect(y(back)).toBeLessThan(y(found[at + 1]!));
    // A page read whole has no gap: nothing is added.
    expect(await withMissedRows(page, s, reader)).toEqual(page.filter((l) => l.words.length));
  }, 120_000);

  it('a pattern short of 14 tiles is read again from its strip; a group it reads otherwise is marked', async () => {
    const rows = page.map((l) => rowWords(l.words)).filter((r): r is Extract<RowWords, { kind: 'hand' }> => r?.kind === 'hand');
    const count = (r: (typeof rows)[number]) => r.groups.reduce((n, g) => n + (g === 'or' ? 0 : g.text.length), 0);
    const whole = rows.find(
      (r) =>
        !r.groups.includes('or') &&
        r.groups.length >= 3 &&
        count(r) === 14 &&
        r.groups.every((g) => g !== 'or' && /^[0-9NEWSFDRG]+$/.test(g.text)),
    )!;
    expect(whole).toBeDefined();
    const truth = whole.groups.map((g) => (g === 'or' ? g : g.text));
    // The page reading lost the middle group: the pattern counts fewer than 14.
    const broken = { ...whole, groups: whole.groups.filter((_, i) => i !== 1), words: whole.words.filter((w) => w !== whole.groups[1]) };
    const marked = await rowsAgain([broken], s, reader);
    expect(broken.groups.map((g) => (g === 'or' ? g : g.text))).toEqual(truth);
    // Only the group the first reading did not have is marked; the others keep their first words.
    expect([...marked].map((w) => w.text)).toEqual([truth[1]]);
    expect(broken.groups.every((g, i) => i === 1 || g === whole.groups[i])).toBe(true);
    // A whole row is not read again.
    const again = { ...whole, groups: [...whole.groups] };
    expect((await rowsAgain([again], s, reader)).size).toBe(0);
    expect(again.groups).toEqual(whole.groups);
  }, 120_000);
  it('a row the page reading turned to noise is read again alone from its band', async () => {
    const at = handAt(page);
    const truth = rowWords(page[at]!.words);
    if (truth?.kind !== 'hand') throw new Error('not a hand row');
    // The same row as tesseract reads it when it fails: letters of no group, no value, where its words were.
    const noise = { words: page[at]!.words.map((w, i) => ({ ...w, text: ['un', 'Li', 'ms', 'x'][i % 4]!, confidence: 30 })) };
    const lines = [...page.slice(0, at), noise, ...page.slice(at + 1)];
    const rows = lines.map((l) => rowWords(l.words));
    expect(rows[at]?.kind).not.toBe('hand');
    // the row height as the reader takes it: the median height of the words read
    const hs = page.flatMap((l) => l.words.map((w) => w.box.y1 - w.box.y0)).sort((a, b) => a - b);
    const rowH = hs[Math.floor(hs.length / 2)]!;
    const again = await noisyRowsAgain(lines, rows, s, reader, rowH, undefined);
    const back = again[at];
    expect(back?.kind).toBe('hand');
    if (back?.kind !== 'hand') throw new Error('not read again');
    expect(back.value).toBe(truth.value);
    expect(back.groups.filter((g) => g !== 'or').length).toBe(truth.groups.filter((g) => g !== 'or').length);
    // rows read well are left as they were
    expect(again.filter((r, i) => i !== at && r !== rows[i])).toHaveLength(0);
  }, 120_000);
});
