import { describe, expect, it } from 'vitest';
import { eOrF, onesStems } from '../../src/vision/card-read/glyph-shape';
import { scoreReading } from '../../tools/card/score-reading';
import { readCardText } from '../../tools/card/card-text';
import type { CardReading, ReadGroup } from '../../src/vision/card-read/reading';

/** A grey picture (paper 250) with ink rectangles (grey `ink`), drawn as [x0, y0, x1, y1]. */
const picture = (w: number, h: number, rects: [number, number, number, number][], ink = 20) => {
  const g = new Uint8Array(w * h).fill(250);
  for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) g[y * w + x] = ink;
  return g;
};
const BOX = { x0: 0, y0: 0, x1: 60, y1: 30 };

describe('look-alikes told by their ink', () => {
  it('an E has a foot as long as its top bar, an F only its stem', () => {
    const letter = (x: number, foot: boolean): [number, number, number, number][] => [
      [x, 0, x + 3, 30], // stem
      [x, 0, x + 14, 4], // top bar
      [x, 13, x + 11, 17], // middle bar
      ...(foot ? [[x, 26, x + 14, 30] as [number, number, number, number]] : []),
    ];
    const es = picture(60, 30, [...letter(2, true), ...letter(22, true), ...letter(42, true)]);
    const fs = picture(60, 30, [...letter(2, false), ...letter(22, false), ...letter(42, false)]);
    expect(eOrF(es, 60, BOX)).toBe('E');
    expect(eOrF(fs, 60, BOX)).toBe('F');
    // a box that reaches above and below the letters (the line's height) is cut to the ink
    expect(
      eOrF(
        picture(
          60,
          50,
          letter(2, false).map(([a, b, c, d]) => [a, b + 10, c, d + 10]),
        ),
        60,
        { ...BOX, y1: 50 },
      ),
    ).toBe('F');
  });

  it('counts the stems of a run of ones, even light stems between dark serifs', () => {
    const one = (x: number): [number, number, number, number][] => [
      [x, 0, x + 3, 30],
      [x - 3, 27, x + 6, 30],
    ];
    const ones = picture(60, 30, [...one(6), ...one(20), ...one(34), ...one(48)]);
    expect(onesStems(ones, 60, BOX)).toBe(4);
    // stems lighter than the serifs (a thin blurred stroke) still count
    const light = picture(60, 30, [...one(6), ...one(20)], 150);
    for (const [x0, x1] of [
      [3, 12],
      [17, 26],
    ])
      for (let y = 27; y < 30; y++) for (let x = x0; x < x1; x++) light[y * 60 + x] = 20;
    expect(onesStems(light, 60, BOX)).toBe(2);
    // a blank box holds no stems
    expect(onesStems(picture(60, 30, []), 60, BOX)).toBeNull();
  });
});

describe('the bench score says how a group went wrong', () => {
  it('lost, tiles wrong or suit letter wrong', () => {
    const card = readCardText('card "t"\nsection "s"\n25 X FF 1111a 2222b 3333c\n');
    const g = (tokens: string, letter = ''): ReadGroup => ({
      tokens,
      letter,
      unsure: null,
      read: tokens,
      box: { x: 0, y: 0, width: 1, height: 1 },
    });
    const box = { x: 0, y: 0, width: 1, height: 1 };
    const reading: CardReading = {
      title: 't',
      year: null,
      lines: [
        {
          kind: 'hand',
          value: 25,
          concealed: false,
          any: false,
          sp: false,
          patterns: [[g('FF'), g('111', 'a'), g('2222', 'a')]],
          note: '',
          unsure: [],
          box,
        },
      ],
    };
    const s = scoreReading(card, reading);
    expect([s.groups, s.groupsRight]).toEqual([4, 1]);
    expect(s.wrong).toEqual({ lost: 1, tiles: 1, letter: 1 });
  });
});
