import { describe, expect, test } from 'vitest';
import { seatingForGame, type SessionSetup } from '../../src/core/session';
import { OFFICIAL_RULES } from '../../src/core/rules';

const setup = (players: string[], seating: string[], bettor?: string, r: Partial<typeof OFFICIAL_RULES> = {}): SessionSetup => ({
  players,
  seating,
  bettor,
  rules: { ...OFFICIAL_RULES, ...r },
});
/** "East>South>West>North" for game n. */
const order = (s: SessionSetup, n: number, ov?: Parameters<typeof seatingForGame>[2]): string => {
  const t = seatingForGame(s, n, ov);
  return (
    (['E', 'S', 'W', 'N'] as const)
      .map((k) => t.seating[k])
      .filter(Boolean)
      .join('>') + (t.bettor ? ` /${t.bettor}` : '')
  );
};

describe('rotation, RULES §10.2 Example 48 (Pivot on)', () => {
  const s = setup(['A', 'B', 'C', 'D'], ['A', 'B', 'C', 'D']);
  test.each([
    [1, 'A>B>C>D'],
    [2, 'B>C>D>A'],
    [3, 'C>D>A>B'],
    [4, 'D>A>B>C'],
    [5, 'A>C>D>B'],
    [6, 'C>D>B>A'],
    [7, 'D>B>A>C'],
    [8, 'B>A>C>D'],
    [9, 'A>D>B>C'],
  ])('game %i: %s', (n, want) => expect(order(s, n)).toBe(want));
});

describe('rotation, four players, Pivot off', () => {
  const s = setup(['A', 'B', 'C', 'D'], ['A', 'B', 'C', 'D'], undefined, { pivot: false });
  test.each([
    [1, 'A>B>C>D'],
    [2, 'B>C>D>A'],
    [5, 'A>B>C>D'],
    [6, 'B>C>D>A'],
  ])('game %i: %s', (n, want) => expect(order(s, n)).toBe(want));
});

describe('rotation, three players', () => {
  test.each([
    [true, 4, 'A>C>B'],
    [false, 4, 'A>B>C'],
    [true, 2, 'B>C>A'],
  ])('pivot %s, game %i: %s', (pivot, n, want) => {
    expect(order(setup(['A', 'B', 'C'], ['A', 'B', 'C'], undefined, { pivot }), n)).toBe(want);
  });
});

describe('rotation, five players (§10.3)', () => {
  const s = setup(['Ann', 'Bea', 'Cy', 'Dot', 'Eve'], ['Ann', 'Bea', 'Cy', 'Dot'], 'Eve');
  test.each([
    [1, 'Ann>Bea>Cy>Dot /Eve'],
    [2, 'Bea>Cy>Dot>Eve /Ann'], // the table-record spec's nextSeating/nextBettor
    [3, 'Cy>Dot>Eve>Ann /Bea'],
    [4, 'Dot>Eve>Ann>Bea /Cy'],
    [5, 'Eve>Ann>Bea>Cy /Dot'],
    [6, 'Ann>Bea>Cy>Dot /Eve'],
  ])('Pivot off by default, game %i: %s', (n, want) => expect(order(s, n)).toBe(want));

  test('everyone sits out once every five games', () => {
    const out = [1, 2, 3, 4, 5].map((n) => seatingForGame(s, n).bettor).sort();
    expect(out).toEqual(['Ann', 'Bea', 'Cy', 'Dot', 'Eve']);
  });

  test('pivotWithFive: when the dice reach the Pivot she swaps with her right', () => {
    const p = setup(['Ann', 'Bea', 'Cy', 'Dot', 'Eve'], ['Ann', 'Bea', 'Cy', 'Dot'], 'Eve', { pivotWithFive: true });
    // Game 5 dice reach Eve's chair... game 6 they reach Ann (the Pivot) who swaps with Bea.
    expect(order(p, 5)).toBe('Eve>Ann>Bea>Cy /Dot');
    expect(order(p, 6)).toBe('Ann>Cy>Dot>Bea /Eve');
  });
});

describe('a game with its own seating', () => {
  const s = setup(['A', 'B', 'C', 'D'], ['A', 'B', 'C', 'D']);
  const ov = [undefined, { seating: ['C', 'A', 'B', 'D'] }];
  test('the deviating game uses it and later games continue from it', () => {
    expect(order(s, 1, ov)).toBe('A>B>C>D');
    expect(order(s, 2, ov)).toBe('C>A>B>D');
    // Dice move to A (the Pivot), who swaps chairs with B on her right: C B A D, A deals.
    expect(order(s, 3, ov)).toBe('A>D>C>B');
  });
  test('five players: own bettor', () => {
    const f = setup(['A', 'B', 'C', 'D', 'E'], ['A', 'B', 'C', 'D'], 'E');
    const o5 = [undefined, { seating: ['A', 'C', 'D', 'E'], bettor: 'B' }];
    expect(order(f, 2, o5)).toBe('A>C>D>E /B');
    expect(order(f, 3, o5)).toBe('C>D>E>B /A');
  });
});
