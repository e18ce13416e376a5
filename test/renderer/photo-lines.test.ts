import { describe, expect, it } from 'vitest';
import { checkLines } from '../../src/renderer/components/cards/cardLines';
import { confirmed, doubts, lookedAt, photoCardText, photoLines, stripsOf } from '../../src/renderer/components/cards/photoLines';
import type { CardReading, ReadGroup, ReadHand } from '../../src/vision/card-read/reading';

/** A reading as the reader gives it: one heading, a sure hand and a hand with doubts, tilted 2 degrees. */
const tilt = Math.tan((2 * Math.PI) / 180);
const group = (tokens: string, letter: string, x: number, y: number, unsure: string | null = null): ReadGroup => ({
  tokens,
  letter,
  unsure,
  read: tokens,
  box: { x, y: Math.round(y + x * tilt), width: 80, height: 30 },
});
const hand = (y: number, groups: ReadGroup[], h: Partial<ReadHand> = {}): ReadHand => ({
  kind: 'hand',
  value: 25,
  concealed: false,
  any: false,
  sp: false,
  patterns: [groups],
  note: '',
  unsure: [],
  box: { x: 100, y, width: 1000, height: 30 + Math.round(1000 * tilt) },
  ...h,
});
const READING: CardReading = {
  title: 'Porch card',
  year: null,
  lines: [
    { kind: 'heading', name: '2026', box: { x: 100, y: 100, width: 120, height: 40 } },
    hand(200, [group('FF', '', 100, 200), group('2026', 'a', 300, 200), group('2222', 'b', 500, 200), group('2222', 'c', 700, 200)]),
    hand(
      300,
      [group('NNNN', '', 100, 300), group('EEE', '', 300, 300), group('WWW', '', 500, 300), group('SSSS', '', 700, 300, 'read as S5SS')],
      { value: 30, unsure: ['value or X/C read faintly'] },
    ),
  ],
};

describe('a card read from a photo, confirmed line by line', () => {
  const lines = photoLines(READING);

  it('gives each line in the card format, an unsure one with its ? marks and its reason', () => {
    expect(lines.map((l) => l.text)).toEqual(['section "2026"', '25 X  FF 2026a 2222b 2222c', '30? X  NNNN EEE WWW SSSS?']);
    expect(lines.map((l) => l.unsure)).toEqual([null, null, 'Unsure: value or X/C read faintly; SSSS read as S5SS.']);
    expect(doubts({ ...READING.lines[1]!, concealed: null } as ReadHand)).toBe('Unsure: X or C not read.');
  });

  it('holds the card back until an unsure line is confirmed or corrected', () => {
    expect(lines.map(lookedAt)).toEqual([true, true, false]);
    expect(checkLines(photoCardText('Porch card', '2026', lines)).problems).toBeGreaterThan(0);
    const ok = confirmed(lines[2]!);
    expect(ok.text).toBe('30 X  NNNN EEE WWW SSSS');
    expect(lookedAt(ok)).toBe(true);
    expect(lookedAt({ ...lines[2]!, text: '30 X NNNN EEE WWW SSSS' })).toBe(true);
    const text = photoCardText('Porch card', '2026', [lines[0]!, lines[1]!, ok]);
    expect(text.split('\n')[0]).toBe('card "Porch card" year=2026');
    const check = checkLines(text);
    expect(check.problems).toBe(0);
    expect(check.card?.hands.map((h) => h.name)).toEqual(['2026 #1', '2026 #2']);
  });

  it('a value not read at all stays for the player to type: confirming leaves its ?', () => {
    const none = photoLines({
      ...READING,
      lines: [hand(200, [group('FF', '', 100, 200)], { value: null, unsure: ['no value read'] })],
    })[0]!;
    expect(confirmed(none).text).toMatch(/^\? X/);
  });

  it('crops each line along its own tilt; a heading takes the card’s', () => {
    const strips = stripsOf(READING);
    for (const s of strips) expect(s.angle).toBeCloseTo((2 * Math.PI) / 180, 3);
    expect(strips[1]!.height).toBeLessThan(READING.lines[1]!.box.height);
  });
});
