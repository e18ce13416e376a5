import { describe, expect, test } from 'vitest';
import { cardChecks } from '../../src/core/cardChecks';
import { parseRecord, replaySession, serialiseRecord } from '../../src/core/record';
import { gameEventSchema } from '../../src/shared/core-schema';

// The session's card in the table record, and the mah jongg's `hand` and `tiles` extensions.
const CARD = 'card "Thursday table" year=2026\nsection "Like numbers"\n30 X FFF 5555a 555b 5555c\n';
const TILES = ['F', 'F', 'F', '5B', '5B', '5B', '5B', '5C', '5C', '5C', '5D', '5D', '5D', '5D'];
const recordWith = (mahjong: Record<string, unknown>, card?: unknown): string =>
  JSON.stringify({
    format: 'mahjmate/table-record',
    version: 2,
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    rules: {},
    ...(card === undefined ? {} : { card }),
    games: [{ events: [{ type: 'discard', seat: 'E', tile: '5d' }, { type: 'call', seat: 'W', mahjong: true }, mahjong] }],
  });
const win = { type: 'mahjong', seat: 'W', value: 30, jokerless: true, from: 'E' };

describe('the card in the table record', () => {
  test('round-trips: the card after the rules, the hand and tiles last of the mah jongg fields; payments unchanged', () => {
    const r = parseRecord(recordWith({ ...win, tiles: TILES.map((t) => t.toLowerCase()), hand: 'Like numbers #1' }, { name: 'ignored: the text says', text: CARD }));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.card).toEqual({ name: 'Thursday table', year: 2026, text: CARD });
    expect(r.value.games[0]!.events[2]).toEqual({ ...win, hand: 'Like numbers #1', tiles: TILES });
    const text = serialiseRecord(r.value);
    expect(text).toMatch(/"rules": \{\},\n {2}"card": \{\n {4}"name": "Thursday table",\n {4}"year": 2026,\n {4}"text": /);
    expect(text).toContain('"hand": "Like numbers #1",\n          "tiles": [');
    const again = parseRecord(text);
    expect(again.ok && again.value).toEqual(r.value);
    const plain = parseRecord(recordWith(win));
    if (!plain.ok) throw new Error(plain.error.message);
    expect(plain.value.card).toBeUndefined();
    const paid = (x: typeof r) => (x.ok ? replaySession(x.value) : null);
    expect(paid(r)).toEqual(paid(plain));
  });

  test('a card that does not read, a hand not on it, or tiles that are not 14 are refused with a sentence', () => {
    const bad = parseRecord(recordWith(win, { text: CARD.replace('5555c', '555c') }));
    expect(!bad.ok && bad.error.message).toMatch(/^the session's card cannot be read: card line 3: /);
    const off = parseRecord(recordWith({ ...win, hand: 'Winds #1' }, { text: CARD }));
    expect(!off.ok && off.error).toMatchObject({ game: 1, index: 3, message: expect.stringMatching(/names the hand "Winds #1", which is not on the session's card "Thursday table"/) });
    const short = parseRecord(recordWith({ ...win, tiles: TILES.slice(1) }));
    expect(!short.ok && short.error.message).toMatch(/mahjong\.tiles must be her 14 tiles/);
    const notTile = parseRecord(recordWith({ ...win, tiles: [...TILES.slice(1), 'X'] }));
    expect(!notTile.ok && notTile.error.message).toMatch(/mahjong\.tiles\.13: "X" is not a tile/);
    expect(parseRecord(recordWith(win, 'a card')).ok).toBe(false);
  });

  test('the page may send a mah jongg naming its hand and tiles', () => {
    expect(gameEventSchema.safeParse({ ...win, hand: 'Like numbers #1', tiles: TILES }).success).toBe(true);
    expect(gameEventSchema.safeParse({ ...win, hand: '' }).success).toBe(false);
  });
});

describe('cardChecks: each mah jongg checked against the record\'s card, as the table did (replay prints them)', () => {
  const checks = (mahjong: Record<string, unknown>, card: unknown = { text: CARD }): string[] => {
    const r = parseRecord(recordWith(mahjong, card === null ? undefined : card));
    if (!r.ok) throw new Error(r.error.message);
    return cardChecks(r.value);
  };
  test('a hand named that fits and is worth the value, or a value a fitting hand has: nothing to say', () => {
    expect(checks({ ...win, hand: 'Like numbers #1', tiles: TILES })).toEqual([]);
    expect(checks(win)).toEqual([]);
    // Without a card, nothing is checked.
    expect(checks({ ...win, value: 35 }, null)).toEqual([]);
  });
  test('a value no hand has, a value other than the hand named, tiles that do not match it: one sentence each', () => {
    expect(checks({ ...win, value: 35 })).toEqual(['game 1: no hand worth 35 fits West’s exposures: recorded anyway; these do: Like numbers #1 (30)']);
    expect(checks({ ...win, value: 35, hand: 'Like numbers #1' })).toEqual(['game 1: West’s mah jongg of 35 names Like numbers #1, worth 30 on the card']);
    const wrong = [...TILES.slice(0, 13), '9D'];
    expect(checks({ ...win, hand: 'Like numbers #1', tiles: wrong })).toEqual(['game 1: West’s 14 tiles do not match Like numbers #1']);
  });
});
