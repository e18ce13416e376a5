// Checking a declared hand against the sample card: each rule of the card format with a hand
// that the rule lets through and one that it stops, so breaking the rule fails a case.
import { describe, expect, test } from 'vitest';
import { matchHand } from '../../../src/core/card';
import { cardOf, hand, sample } from './helpers';

const card = sample();
const names = (tiles: string, ...exposures: string[]): string[] => matchHand(card, hand(tiles, ...exposures)).matches.map((m) => m.name);

type Case = { rule: string; tiles: string; exposures?: string[]; is?: string; not?: string };

// `is`: the hand must be among the matches; `not`: it must not be.
const CASES: Case[] = [
  // Suit letters: a, b, c are any suits; the same letter one suit, different letters different suits.
  { rule: 'the spec example (a = Bams, b = Craks, c = Dots)', tiles: 'FF 2026B 222C J 2222D', exposures: ['222C J'], is: '2026 #1' },
  { rule: 'any assignment of suits to letters', tiles: 'FF 2026D 2222B 2222C', is: '2026 #1' },
  { rule: 'different letters are different suits', tiles: 'FF 2026B 2222B 2222D', not: '2026 #1' },
  { rule: 'the same letter is the same suit', tiles: '222B 000 2026C 6666B', is: '2026 #2' },
  { rule: 'the same letter is never two suits', tiles: '222B 000 2026C 6666D', not: '2026 #2' },
  // D is the dragon of its group's suit: Red with Craks, Green with Bams, Soap with Dots.
  { rule: 'D with Craks is Red', tiles: '555C 777C 999C RRRR J', is: 'Odds #6' },
  { rule: 'D with Craks is never Green', tiles: '555C 777C 999C GGGG J', not: 'Odds #6' },
  { rule: 'D of different letters are different dragons', tiles: 'FFFF RR J RR J GGGG', not: 'Winds and dragons #4' },
  { rule: 'D of three suits: Green, Soap, Red', tiles: 'FFFF GGG 000 RRRR', is: 'Winds and dragons #4' },
  // any: every number shifts by the same amount, within 1-9; Soap and dragons never shift.
  { rule: 'any: like numbers shift together', tiles: 'FF 5555B 5555C 5555D', is: 'Like numbers #1' },
  { rule: 'without any, numbers stay as printed', tiles: 'FF 6666B 6666C 6666D', not: '2026 #1' },
  { rule: 'any: all numbers by the same amount', tiles: 'FF 5555B 5555C 6666D', not: 'Like numbers #1' },
  { rule: 'any: a run shifts to its top (5-9)', tiles: '55B 666B 7777B 888B 99B', is: 'Runs #1' },
  { rule: 'any: a run never shifts past 9', tiles: '66B 777B 8888B 999B 99B', not: 'Runs #1' },
  { rule: 'any: dragons never shift', tiles: '77B GGG 777C RRR 777D', is: 'Like numbers #2' },
  { rule: 'any: Soap never shifts', tiles: '000 4444B 4444C 444D', is: 'Like numbers #5' },
  { rule: 'any: Soap is never a shifted number', tiles: '444D 4444B 4444C 555D', not: 'Like numbers #5' },
  // Jokers: only in sets of three or more.
  { rule: 'a joker in a pung', tiles: 'FF 2026B 22C JJ 2222D', is: '2026 #1' },
  { rule: 'a set may be all jokers', tiles: 'FF 2026B JJJJ 2222D', is: '2026 #1' },
  { rule: 'never a joker in a pair', tiles: 'F J 2026B 2222C 2222D', not: '2026 #1' },
  { rule: 'never a joker in a year (singles)', tiles: 'FF 202B J 2222C 2222D', not: '2026 #1' },
  { rule: 'never a joker in NEWS', tiles: 'NEW J 111B 111C 1111D', not: 'Like numbers #4' },
  { rule: 'a quint needs a joker beyond the four', tiles: '1111B J 2222C 3333D J', is: 'Quints #1' },
  { rule: 'five Flowers are real: a quint of Flowers', tiles: 'FFFFF SSSS 99999B', not: 'Quints #2' },
  { rule: 'a quint of Flowers needs no joker', tiles: 'FFFFF SSSS 9999B J', is: 'Quints #2' },
  // sp: no joker anywhere.
  { rule: 'sp: singles and pairs, real tiles', tiles: 'NN EE WW SS 11B 22B 33B', is: 'Singles and pairs #1' },
  // | alternatives: the second row is the same hand.
  { rule: 'the second alternative of a hand', tiles: 'NN EE WW SS 22D 44D 66D', is: 'Singles and pairs #1' },
  { rule: 'alternatives are whole patterns, never mixed', tiles: 'NN EE WW SS 11D 44D 66D', not: 'Singles and pairs #1' },
  // C: no exposure before mah jongg.
  { rule: 'a C hand without exposures', tiles: 'NEWS 111B 111C 1111D', is: 'Like numbers #4' },
  { rule: 'a C hand with an exposure never matches', tiles: 'NEWS 111B 111C 1111D', exposures: ['111B'], not: 'Like numbers #4' },
  { rule: 'an X hand with exposures', tiles: 'NNNN EEE WWW SSSS', exposures: ['NNNN', 'EEE'], is: 'Winds and dragons #1' },
  // Exposures are whole groups of the same size.
  { rule: 'a pung exposed never becomes a kong', tiles: 'NNNN EEE WWW SSSS', exposures: ['NNN'], not: 'Winds and dragons #1' },
  { rule: 'an exposure with a joker is its set', tiles: 'NNN J EEE WWW SSSS', exposures: ['NNN J'], is: 'Winds and dragons #1' },
  { rule: 'the tiles must all be used: wrong tile counts', tiles: 'NNNN EEE WWW SSS F', not: 'Winds and dragons #1' },
];

describe('matchHand over the sample card: one case per rule', () => {
  test.each(CASES)('$rule', ({ tiles, exposures = [], is, not }) => {
    const found = names(tiles, ...exposures);
    if (is !== undefined) expect(found).toContain(is);
    if (not !== undefined) expect(found).not.toContain(not);
  });
});

describe('the answer', () => {
  test('the spec example: the match, best and jokerless', () => {
    expect(matchHand(card, hand('FF 2026B 222C J 2222D', '222C J'))).toEqual({
      matches: [{ section: '2026', hand: 1, name: '2026 #1', value: 25, concealed: false }],
      best: { section: '2026', hand: 1, name: '2026 #1', value: 25, concealed: false },
      jokerless: false,
    });
  });

  test('jokerless is given even when nothing matches', () => {
    expect(matchHand(card, hand('11B 22B 33B 44B 55B 66B 77B'))).toMatchObject({ jokerless: true });
    expect(matchHand(card, hand('NEWS NEWS 1B 2B 3B 4B 5B J'))).toEqual({ matches: [], best: null, jokerless: false });
  });

  test('a hand matching several: highest value first, then card order', () => {
    const c = cardOf(`card "Order"
section "A"
25 X NNNN EEE WWW SSSS
section "B"
30 X NNNN EEE WWW SSSS
30 X EEEE NNN WWW SSSS | WWW SSSS NNNN EEE
20 X NNNN EEE WWW SSSS`);
    const r = matchHand(c, hand('NNNN EEE WWW SSSS'));
    expect(r.matches.map((m) => m.name)).toEqual(['B #1', 'B #2', 'A #1', 'B #3']);
    expect(r.best?.name).toBe('B #1');
  });

  test('a 75-point Singles and Pairs with any shifted, jokerless', () => {
    const r = matchHand(card, hand('33C 44C 55C 66C 77C 88C 99C'));
    expect(r.best).toMatchObject({ name: 'Singles and pairs #3', value: 75, concealed: true });
    expect(r.jokerless).toBe(true);
  });

  test('sp: a pung real in an sp hand matches, a joker in it does not', () => {
    const c = cardOf(`card "SP"
section "S"
40 C sp 111a 22a 33a 44a 55a 666a`);
    expect(matchHand(c, hand('111B 22B 33B 44B 55B 666B')).best?.name).toBe('S #1');
    expect(matchHand(c, hand('11B J 22B 33B 44B 55B 666B')).best).toBeNull();
  });

  test('a kong exposed is one kong of the pattern, never two pairs', () => {
    const c = cardOf(`card "Kong"
section "Pairs"
25 X NN NN EEE WWW SSSS
section "Sets"
25 X NNNN EEE WWW SSS F`);
    expect(names.call(null, 'NNNN EEE WWW SSSS')).toEqual(['Winds and dragons #1']);
    expect(matchHand(c, hand('NNNN EEE WWW SSSS')).matches.map((m) => m.name)).toEqual(['Pairs #1']);
    expect(matchHand(c, hand('NNNN EEE WWW SSSS', 'NNNN')).matches).toEqual([]);
    expect(matchHand(c, hand('NNNN EEE WWW SSS F', 'NNNN')).matches.map((m) => m.name)).toEqual(['Sets #1']);
  });

  test('after an exposure, the real tiles left must still fill the pairs', () => {
    const c = cardOf(`card "Left"
section "W"
25 X NN NNN EEEE WWWW F`);
    expect(matchHand(c, hand('NN NN J EEEE WWWW F')).matches).toHaveLength(1);
    expect(matchHand(c, hand('NN NN J EEEE WWWW F', 'NN J')).matches).toHaveLength(1);
    // Three real Norths exposed leave one for the pair: not this hand.
    expect(matchHand(c, hand('NNNN J EEEE WWWW F', 'NNN')).matches).toEqual([]);
  });

  test('a hand that does not read matches nothing (13 tiles, a fifth copy, an exposure not among the 14)', () => {
    expect(matchHand(card, hand('FF 2026B 222C J 222D')).matches).toEqual([]);
    expect(matchHand(card, hand('FF 2026B 2222B 2222D')).matches).toEqual([]);
    expect(matchHand(card, hand('FF 2026B 222C J 2222D', '5555D')).matches).toEqual([]);
  });

  test('tile codes in either case', () => {
    const lower = { tiles: ['f', 'f', '2b', '0', '2b', '6b', '2c', '2c', '2c', 'j', '2d', '2d', '2d', '2d'] as never, exposures: [] };
    expect(matchHand(card, lower).best?.name).toBe('2026 #1');
  });
});
