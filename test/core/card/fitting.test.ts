// handsFitting: what the table shows at `m s` with a card chosen: the hands South's recorded
// exposures leave possible, best value first, then card order.
import { describe, expect, test } from 'vitest';
import { handsFitting, readDeclaredHand } from '../../../src/core/card';
import { sample, tiles } from './helpers';

const card = sample();
const fitting = (...exposures: string[]): string[] => handsFitting(card, exposures.map(tiles)).map((h) => `${h.name} ${h.value}`);

describe('handsFitting over the sample card', () => {
  test('no exposure: every hand, concealed ones included, best value first', () => {
    const all = handsFitting(card, []);
    expect(all).toHaveLength(card.hands.length);
    expect(all[0]!.value).toBe(75);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.value).toBeGreaterThanOrEqual(all[i]!.value);
  });

  test('a kong of North: exactly the exposed hands with a kong of North, best first then card order', () => {
    expect(fitting('NNNN')).toEqual([
      'Quints #2 45',
      'Quints #3 40',
      '2026 #3 30',
      'Winds and dragons #3 30',
      'Winds and dragons #7 30',
      'Odds #1 25',
      'Winds and dragons #1 25',
      '369 #1 25',
    ]);
    // A joker in the kong changes nothing.
    expect(fitting('NNN J')).toEqual(fitting('NNNN'));
  });

  test('a pung fits only a pung: never a kong', () => {
    expect(fitting('NNN')).toEqual(['Winds and dragons #2 25', 'Winds and dragons #6 25']);
  });

  test('concealed hands drop out once she has exposed', () => {
    const fit = handsFitting(card, [tiles('555B')]);
    expect(fit.length).toBeGreaterThan(0);
    expect(fit.every((h) => !h.concealed)).toBe(true);
    expect(fit.map((h) => h.name)).toContain('Odds #6');
    expect(fit.map((h) => h.name)).toContain('Runs #1'); // any: 222a shifted to 555
    expect(fit.map((h) => h.name)).not.toContain('Evens #1'); // 222a 444a without any
  });

  test('exposures must fit one choice of suits together', () => {
    // 2026 #2: 222a 000 2026b 6666a: the pung of Twos and the kong of Sixes share suit a.
    expect(fitting('222B', '6666B')).toContain('2026 #2 25');
    expect(fitting('222B', '6666C')).not.toContain('2026 #2 25');
    // 2026 #1: kongs of Twos in two different suits b and c.
    expect(fitting('2222C', '2222D')).toContain('2026 #1 25');
    expect(fitting('2222C', 'J 222C')).toEqual([]);
  });

  test('any: exposures shift together', () => {
    // Like numbers #1: FF 1111a 1111b 1111c, like numbers in three suits.
    expect(fitting('5555B', '5555C')).toContain('Like numbers #1 25');
    expect(fitting('5555B', '6666C')).not.toContain('Like numbers #1 25');
  });

  test('an exposure that is no set fits nothing', () => {
    expect(handsFitting(card, [tiles('NN')])).toEqual([]);
    expect(handsFitting(card, [tiles('JJJ')])).toEqual([]);
    expect(handsFitting(card, [tiles('NNE')])).toEqual([]);
  });
});

describe('readDeclaredHand: a hand that cannot be read, one sentence', () => {
  test.each([
    [{ tiles: tiles('FF 2026B 2222C 222D') }, /holds 13 tiles, not 14/],
    [{ tiles: [...tiles('FF 2026B 2222C 222D'), 'X9'] }, /tile 14 of the hand, "X9", is not a tile code/],
    [{ tiles: tiles('FF 2026B 2222C 2222D').map((t) => (t === '6B' ? 'B6' : t)) }, /"B6", is not a tile code/],
    [{ tiles: tiles('FF 2026B 2222B 2222D') }, /holds 6 of Two Bam, and the set has only 4/],
    [{ tiles: tiles('JJJJ JJJJ J NNNN F') }, /holds 9 jokers, and the set has only 8/],
    [
      { tiles: tiles('FF 2026B 2222C 2222D'), exposures: [tiles('22C')] },
      /exposure 1 holds 2 tiles: an exposure is a set of three or more/,
    ],
    [{ tiles: tiles('FF 2026B 2222C 2222D'), exposures: [tiles('222C 2D')] }, /exposure 1 mixes Two Crak and Two Dot/],
    [{ tiles: tiles('FF 2026B 2222C 222D J'), exposures: [tiles('JJJ')] }, /exposure 1 holds only jokers/],
    [{ tiles: tiles('FF 2026B 2222C 2222D'), exposures: [tiles('555D')] }, /the exposures hold 3 of Five Dot but the 14 tiles only 0/],
    [{ tiles: tiles('FF 2026B 2222C 2222D'), exposures: 'x' }, /exposures is not a list/],
    [[], /a hand is \{"tiles"/],
    [{ tile: [] }, /has no list of tiles/],
  ])('%#: %s', (value, says) => {
    const r = readDeclaredHand(value);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatch(says);
      expect(r.error).not.toMatch(/\n|undefined|\[object/);
    }
  });

  test('codes in either case are read as the canonical code; exposures are optional', () => {
    const r = readDeclaredHand({ tiles: ['f', 'F', '2b', '0', '2B', '6b', '2c', '2C', '2c', 'j', '2d', '2D', '2d', '2d'] });
    expect(r.ok && r.value).toEqual({ tiles: tiles('FF 2026B 222C J 2222D'), exposures: [] });
  });
});
