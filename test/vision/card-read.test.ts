import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImage } from '../../tools/vision/decode';
import { nodeTesseract } from '../../tools/vision/tesseract-node';
import { readCardText } from '../../tools/card/card-text';
import { scoreReading } from '../../tools/card/score-reading';
import { readCard, type CardReading } from '../../src/vision/card-read/read-card';
import { readingAsCard } from '../../src/vision/card-read/card-format';
import { onceEach, tesseractPageReader, type PageReader, type TesseractPageLike } from '../../src/vision/card-read/page-reader';
import { apply, homography } from '../../src/vision/card-read/homography';
import { hueGap, inksOf } from '../../src/vision/card-read/ink-colour';
import { asTokens, settleByInk } from '../../src/vision/card-read/group-text';
import { rowWords } from '../../src/vision/card-read/line-words';
import { digitAdvance, digitsHeld } from '../../src/vision/card-read/digit-count';
import type { OcrWord } from '../../src/vision/card-read/page-reader';
import type { ReadHand } from '../../src/vision/card-read/reading';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'cards');
const word = (text: string, x0: number, confidence = 95, h = 30): OcrWord => ({
  text,
  confidence,
  box: { x0, y0: 100, x1: x0 + 20 * text.length, y1: 100 + h },
});

describe('card reading, piece by piece', () => {
  it('maps a straight card onto the photo and back', () => {
    const quad: [number, number][] = [
      [100, 80],
      [1500, 120],
      [1480, 1100],
      [90, 1050],
    ];
    const h = homography(
      [
        [0, 0],
        [1000, 0],
        [1000, 700],
        [0, 700],
      ],
      quad,
    );
    const [x, y] = apply(h, 1000, 700);
    expect(x).toBeCloseTo(1480, 6);
    expect(y).toBeCloseTo(1100, 6);
  });

  it('finds the suit inks: hues apart are different suits, around the circle too', () => {
    expect(inksOf([355, 3, 150, 155, 220, 225])).toHaveLength(3);
    expect(inksOf([120, 125, 130])).toHaveLength(1);
    expect(inksOf([])).toEqual([]);
    // a dense card: a few blurred groups of middling hue between green and blue do not merge them
    const dense = [...Array(20).fill(150), ...Array(20).fill(225), ...Array(20).fill(0), 170, 185, 200];
    const found = inksOf(dense);
    expect(found).toHaveLength(3);
    for (const truth of [0, 150, 225]) expect(Math.min(...found.map((h) => hueGap(h, truth)))).toBeLessThan(10);
  });

  it('makes characters tokens and settles look-alikes by the ink', () => {
    expect(asTokens('2O26')).toEqual({ tokens: '2026', lookalikes: 1 });
    expect(asTokens('Ww')).toEqual({ tokens: 'WW', lookalikes: 0 });
    expect(asTokens('(any')).toBeNull();
    expect(settleByInk('SSS', 'colour')).toEqual({ tokens: '555', unsure: null });
    expect(settleByInk('NEWS', 'colour').tokens).toBe('NEWS');
    expect(settleByInk('666', 'black')).toEqual({ tokens: 'GGG', unsure: null });
    expect(settleByInk('000', 'colour').tokens).toBe('DDD');
    expect(settleByInk('222', 'black').unsure).toMatch(/black/);
    expect(settleByInk('222', 'unsure').unsure).toMatch(/colour/);
    // a dragon run with one D read as 0 is dragons in a suit's ink; a wind run with an 8 is winds in black
    expect(settleByInk('D0DD', 'colour').tokens).toBe('DDDD');
    expect(settleByInk('2026', 'colour').tokens).toBe('2026');
    expect(settleByInk('SSS8', 'black').tokens).toBe('SSSS');
    expect(settleByInk('888', 'colour').tokens).toBe('888');
  });

  it('sorts a row into groups, alternatives, note and value', () => {
    const r = rowWords([
      word('FF', 0),
      word('1111', 80),
      word('or', 200, 90, 16),
      word('2222', 260),
      word('(any', 500),
      word('suits)', 600),
      word('X', 900),
      word('25', 950),
    ]);
    expect(r?.kind).toBe('hand');
    if (r?.kind !== 'hand') return;
    expect(r.groups.map((g) => (g === 'or' ? 'or' : g.text))).toEqual(['FF', '1111', 'or', '2222']);
    expect([r.value, r.concealed, r.note]).toEqual([25, false, 'any suits']);
    expect(rowWords([word('Cc50', 900), word('NN', 0), word('EE', 80), word('(note)', 300)])).toMatchObject({
      kind: 'hand',
      value: 50,
      concealed: true,
    });
    expect(rowWords([word('Winds', 0), word('and', 150), word('dragons', 250)])).toMatchObject({
      kind: 'heading',
      name: 'Winds and dragons',
    });
    expect(rowWords([word('~', 0, 20)])).toBeNull();
  });

  it('drops marks at the paper edge, knows the small "or", stops the groups at the note', () => {
    const small = (text: string, x0: number): OcrWord => ({ text, confidence: 40, box: { x0, y0: 110, x1: x0 + 15, y1: 120 } });
    const r = rowWords([
      word('"NN', 0),
      word('1111', 80),
      small('«', 180),
      word('2222', 220),
      word('a4', 320),
      word('FF', 700), // after a wide gap: the note, not a group
      word('X', 900),
      word('25', 950),
      word('|', 1100), // the paper's edge
    ]);
    expect(r?.kind).toBe('hand');
    if (r?.kind !== 'hand') return;
    expect(r.groups.map((g) => (g === 'or' ? 'or' : g.text))).toEqual(['NN', '1111', 'or', '2222', 'a4']);
    expect([r.value, r.concealed, r.note]).toEqual([25, false, 'FF']);
  });

  it('a row whose value is misread is a hand when it reaches the value column', () => {
    const words = [word('FF', 0), word('1111', 80), word('(note', 300), word('Xm', 900)];
    expect(rowWords(words)?.kind).toBe('heading');
    const r = rowWords(words, 850);
    expect(r).toMatchObject({ kind: 'hand', value: null, concealed: null });
    if (r?.kind === 'hand') expect(r.tailWords.map((w) => w.text)).toEqual(['Xm']);
  });

  it('holds a run of digits to the width of its box', () => {
    // A face whose digit ink is 16 of its 20-pixel advance: fitted, not assumed.
    const clear = ['22', '333', '4444', '55', '66666', '777'].map((d, i) => ({
      digits: d,
      box: { x0: i * 300, y0: 0, x1: i * 300 + 20 * (d.length - 1) + 16, y1: 30 },
    }));
    const w = digitAdvance(clear)!;
    expect(w.advance).toBeCloseTo(20, 6);
    expect(w.ink).toBeCloseTo(16, 6);
    expect(digitsHeld({ x0: 0, y0: 0, x1: 76, y1: 30 }, '222', w)).toBeCloseTo(4, 6);
    expect(digitAdvance(clear.slice(0, 2))).toBeNull();
  });
});

describe('a card read by tesseract.js from real pictures', () => {
  let worker: Awaited<ReturnType<typeof nodeTesseract>>;
  let reader: PageReader;
  beforeAll(async () => {
    worker = await nodeTesseract();
    reader = tesseractPageReader(worker as unknown as TesseractPageLike);
  }, 60_000); // starting tesseract's worker on a busy machine
  afterAll(() => worker?.terminate());

  const read = async (file: string): Promise<{ frame: { width: number; height: number }; reading: CardReading }> => {
    const img = readImage(join(FIX, file));
    if (!img.ok) throw new Error(img.error);
    return { frame: img.frame, reading: await readCard(img.frame, reader) };
  };

  it('reads a phone-like photo (tilted, blurred, JPEG): its groups and suits, each row in its place', async () => {
    const { frame, reading } = await read('practice-photo.jpg');
    const truth = readCardText(readFileSync(join(FIX, 'practice-card.txt'), 'utf8'));
    const score = scoreReading(truth, reading);
    expect(score.groupsRight / score.groups).toBeGreaterThanOrEqual(0.9);
    expect(reading.title).toBe('Made-up practice card');
    expect(reading.lines.filter((l) => l.kind === 'heading').map((l) => l.kind === 'heading' && l.name)).toEqual([
      'Like numbers',
      '2027',
      'Winds',
      'Threes, sixes, nines',
      'Singles and pairs',
    ]);
    // Every row has its box in the picture, top to bottom, so the group can check it beside the photo.
    const ys = reading.lines.map((l) => l.box.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    for (const l of reading.lines) {
      expect(l.box.x).toBeGreaterThanOrEqual(0);
      expect(l.box.y + l.box.height).toBeLessThanOrEqual(frame.height);
      expect(l.box.width).toBeGreaterThan(l.box.height);
    }
    // A group read unsure is followed by `?` in the card it prints, and only those.
    const hands = reading.lines.filter((l): l is ReadHand => l.kind === 'hand');
    const unsure = hands.flatMap((h) => h.patterns.flat()).filter((g) => g.unsure);
    expect(unsure.length).toBeGreaterThan(0);
    const text = readingAsCard(reading);
    expect(text.match(/ [0-9A-Z]+[abc]?\?/g)?.length).toBe(unsure.length);
  });
});

describe('a letter tesseract read twice', () => {
  it('is read once when its copy lies inside the letter beside it', () => {
    const sym = (text: string, x0: number, x1: number) => ({ text, bbox: { x0, y0: 0, x1, y1: 20 } });
    expect(onceEach({ text: 'WwW', symbols: [sym('W', 292, 322), sym('w', 324, 338), sym('W', 325, 356)] })).toBe('WW');
    expect(onceEach({ text: 'WWW', symbols: [sym('W', 363, 394), sym('W', 396, 427), sym('W', 430, 460)] })).toBe('WWW');
  });
});

describe('letters tesseract could not part', () => {
  it('keeps every letter when all share one box', () => {
    const box = { x0: 10, y0: 0, x1: 70, y1: 20 };
    expect(
      onceEach({
        text: 'WW',
        symbols: [
          { text: 'W', bbox: box },
          { text: 'W', bbox: box },
        ],
      }),
    ).toBe('WW');
    expect(
      onceEach({
        text: 'WW',
        symbols: [
          { text: 'W', bbox: { ...box, x1: 40 } },
          { text: 'W', bbox: box },
        ],
      }),
    ).toBe('WW');
    expect(
      onceEach({
        text: 'Sin',
        symbols: [
          { text: 'S', bbox: box },
          { text: 'i', bbox: { ...box, x0: 30, x1: 34 } },
          { text: 'n', bbox: box },
        ],
      }),
    ).toBe('Sin');
  });
});
