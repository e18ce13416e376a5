import { describe, expect, test } from 'vitest';
import { parseCard, type Card } from '../../src/core/card';
import type { GameEvent } from '../../src/core/events';
import { apply, newGame, type GameState } from '../../src/core/game';
import { OFFICIAL_RULES } from '../../src/core/rules';
import { anywayEvent, isPickLine, pickedEvent, readPick } from '../../src/renderer/screens/Table/handPick';

// Picking the hand at mah jongg against real engine states and a real card (no mocks).
const TEXT = `card "Thursday table" year=2026
section "2026"
25 X FF 2026a 2222b 2222c
section "Like numbers"
30 X FFF 5555a 555b 5555c
section "Run"
25 X any FFF 1111a 2222a 333a
35 C 11a 222a 3333a 444a 55a
section "Winds"
40 X any FFF NNNN 5555a SSS
section "Singles and pairs"
50 C sp NN EE WW SS 11a 22a 33a
section "Quints"
45 X 11111a 22222b 3333c
`;
const parsed = parseCard(TEXT);
if (!parsed.ok) throw new Error(parsed.error[0]!.message);
const card: Card = parsed.value;

const play = (...events: GameEvent[]): GameState => {
  let s = newGame({ players: 4, rules: OFFICIAL_RULES, bettor: false });
  for (const e of events) {
    const r = apply(s, e);
    if (!r.ok) throw new Error(`fixture refused ${JSON.stringify(e)}: ${r.error.message}`);
    s = r.value;
  }
  return s;
};
/** South: a kong of Five Bam (or a pung with `pung`), then a pung of Flowers. */
const exposed = (kong: boolean, joker = false) =>
  play(
    { type: 'discard', seat: 'E', tile: '5B' },
    { type: 'call', seat: 'S', exposure: kong ? ['5B', '5B', '5B', joker ? 'J' : '5B'] : ['5B', '5B', '5B'] },
    { type: 'discard', seat: 'S', tile: '3D' },
    { type: 'discard', seat: 'W', tile: '2C' },
    { type: 'discard', seat: 'N', tile: 'F' },
    { type: 'call', seat: 'S', exposure: ['F', 'F', 'F'] },
    { type: 'discard', seat: 'S', tile: '4C' },
    { type: 'discard', seat: 'W', tile: '9D' },
    { type: 'call', seat: 'S', mahjong: true },
  );
const names = (p: ReturnType<typeof readPick>) => p?.offered.map((h) => h.name);

describe('readPick: the hands that fit, narrowed by what is typed', () => {
  test('only m and a seat at this table is a pick line', () => {
    expect(['m s', 'M S 30', 'm s hand 5b'].every(isPickLine)).toBe(true);
    expect(['m', 'ms', 'm x', 'c s m', 'mm s'].some(isPickLine)).toBe(false);
    expect(readPick('m n', play(), card)?.seat).toBe('N');
  });

  test('nothing exposed: every hand fits, concealed ones too, best value first (card order among equals)', () => {
    const p = readPick('m e', play(), card)!;
    expect(names(p)).toEqual(['Singles and pairs #1', 'Quints #1', 'Winds #1', 'Run #2', 'Like numbers #1', '2026 #1', 'Run #1']);
    expect(p.exposed).toBe('');
  });

  test('a kong exposed fits only a kong, concealed hands drop out once she has exposed', () => {
    expect(names(readPick('m s', exposed(true), card))).toEqual(['Winds #1', 'Like numbers #1', 'Run #1']);
    // A pung of Five Bam: Like numbers has a pung of Fives, Run #1 shifted by 2 one (333a is 555a); Winds only a kong.
    expect(names(readPick('m s', exposed(false), card))).toEqual(['Like numbers #1', 'Run #1']);
    expect(readPick('m s', exposed(true), card)!.exposed).toBe('kong of Five Bam, pung of Flowers');
  });

  test('a value narrows to the hands worth it; a value no fitting hand has is a question naming those that fit', () => {
    const s = exposed(true);
    expect(names(readPick('m s 25', s, card))).toEqual(['Run #1']);
    const q = readPick('m s 35', s, card)!;
    expect(q.offered).toEqual([]);
    expect(q.offCard?.sentence).toBe(
      'No hand worth 35 fits South’s exposures (kong of Five Bam, pung of Flowers); these do: Winds #1 (40), Like numbers #1 (30), Run #1 (25)',
    );
    // Recorded anyway: the value typed, nothing else assumed.
    expect(anywayEvent(q)).toEqual({ type: 'mahjong', seat: 'S', value: 35, jokerless: false });
    expect(readPick('m e 35', play(), card)!.offCard).toBeNull();
    expect(readPick('m e 70', play(), card)!.offCard?.sentence).toMatch(
      /^No hand worth 70 is on the card; these do: Singles and pairs #1 \(50\)/,
    );
  });

  test('a name picks that hand (any spacing and case); its start narrows; a hand that does not fit is a question', () => {
    const s = exposed(true);
    expect(names(readPick('m s like numbers #1', s, card))).toEqual(['Like numbers #1']);
    expect(names(readPick('m s LIKE NUMBERS#1', s, card))).toEqual(['Like numbers #1']);
    expect(names(readPick('m s win', s, card))).toEqual(['Winds #1']);
    expect(readPick('m s run #2', s, card)!.offCard?.sentence).toMatch(/^Run #2 is concealed and South has exposed; these do: /);
    expect(readPick('m s 2026 #1', s, card)!.offCard?.sentence).toMatch(
      /^2026 #1 does not fit South’s exposures \(kong of Five Bam, pung of Flowers\)/,
    );
    expect(readPick('m s zzz', s, card)!.problem).toBe(
      '“zzz” is not a hand of the card: a hand is named by its section and number, like 2026 #1',
    );
  });

  test('the picked hand gives the value, concealed, the category and its name; jokerless from j, the exposures or the tiles', () => {
    const s = exposed(true);
    const p = readPick('m s self j', s, card)!;
    expect(pickedEvent(p, p.offered[1]!)).toEqual({
      type: 'mahjong',
      seat: 'S',
      value: 30,
      jokerless: true,
      selfPick: true,
      hand: 'Like numbers #1',
    });
    // A joker in her exposures: not jokerless, whatever was typed.
    const withJoker = readPick('m s j', exposed(true, true), card)!;
    expect(pickedEvent(withJoker, withJoker.offered[0]!).jokerless).toBe(false);
    const e = readPick('m e', play(), card)!;
    expect(pickedEvent(e, e.offered[0]!)).toEqual({
      type: 'mahjong',
      seat: 'E',
      value: 50,
      jokerless: true,
      category: 'singles-pairs',
      concealed: true,
      hand: 'Singles and pairs #1',
    });
    expect(pickedEvent(e, e.offered[1]!)).toMatchObject({ category: 'quints', hand: 'Quints #1' });
  });

  test('her 14 tiles: counted as typed, then the hands they match (matchHand), kept in the event', () => {
    const s = exposed(true);
    expect(readPick('m s hand 5b 5b 5b', s, card)).toMatchObject({ typed: 3, tiles: null, problem: null });
    expect(readPick('m s hand 5b x', s, card)!.problem).toBe('“x” is not a tile (5b, 3c, 9d, n, e, w, s, r, g, 0, f, j)');
    const tiles = 'f f f 5b 5b 5b 5b 5c 5c 5c 5d 5d 5d j';
    const p = readPick(`m s hand ${tiles}`, s, card)!;
    expect(names(p)).toEqual(['Like numbers #1']);
    expect(p.jokerless).toBe(false);
    expect(pickedEvent(p, p.offered[0]!)).toEqual({
      type: 'mahjong',
      seat: 'S',
      value: 30,
      jokerless: false,
      hand: 'Like numbers #1',
      tiles: ['F', 'F', 'F', '5B', '5B', '5B', '5B', '5C', '5C', '5C', '5D', '5D', '5D', 'J'],
    });
    const none = readPick('m s hand f f f 5b 5b 5b 5b 1c 2c 3c 4d 5d 6d 7d', s, card)!;
    expect(none.offered).toEqual([]);
    expect(none.problem).toMatch(/^These 14 tiles match no hand of the card with South’s exposures/);
  });
});
