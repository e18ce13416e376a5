// The card in the table record: exported with the session, read back, and every declared hand
// checked against it as the table checks it; notes, never errors, and payments unchanged.
import { describe, expect, test } from 'vitest';
import { parseEvent } from '../../src/core/parse/event';
import { parseRecord, replaySession, serialiseRecord } from '../../src/core/record';
import { cardNotes } from '../../src/core/recordCard';

const CARD = `card "Test" year=2026
section "S"
25 X 5555a NNNN EEE WWW
30 X 5555a 666a 777a FFFF
50 C NNNN EEEE WWWW SS
`;

/** South calls a kong of Five Bam on East's opening discard, play goes round, South self-picks. */
const record = (mahjong: Record<string, unknown>, card: unknown = { text: CARD }): string =>
  JSON.stringify({
    format: 'mahjmate/table-record',
    version: 2,
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    stakes: { centsPerPoint: 1 },
    rules: {},
    ...(card === null ? {} : { card }),
    games: [
      {
        events: [
          { type: 'discard', seat: 'E', tile: '5B' },
          { type: 'call', seat: 'S', exposure: ['5B', '5B', '5B', 'J'] },
          { type: 'discard', seat: 'S', tile: '1C' },
          { type: 'discard', seat: 'W', tile: '2C' },
          { type: 'discard', seat: 'N', tile: '3C' },
          { type: 'discard', seat: 'E', tile: '4C' },
          { type: 'mahjong', seat: 'S', jokerless: false, selfPick: true, ...mahjong },
        ],
      },
    ],
  });

const notesOf = (text: string): string[] => {
  const r = parseRecord(text);
  if (!r.ok) throw new Error(r.error.message);
  return cardNotes(r.value).map((n) => n.message);
};

describe('the card in the record', () => {
  test('a record without a card reads as before: no card, no notes', () => {
    const r = parseRecord(record({ value: 35 }, null));
    expect(r.ok && r.value.card).toBeUndefined();
    expect(r.ok && cardNotes(r.value)).toEqual([]);
    expect(r.ok && serialiseRecord(r.value)).not.toContain('"card"');
  });

  test('the card, the hand named and the tiles are written back as read', () => {
    const tiles = ['5B', '5B', '5B', 'J', 'N', 'N', 'N', 'N', 'E', 'E', 'E', 'W', 'W', 'W'];
    const r = parseRecord(record({ value: 25, hand: '  S #1 ', tiles: tiles.map((t) => t.toLowerCase()) }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.card).toEqual({ text: CARD });
    expect(r.value.games[0]!.events[6]).toMatchObject({ type: 'mahjong', hand: 'S #1', tiles });
    const again = parseRecord(serialiseRecord(r.value));
    expect(again.ok && again.value).toEqual(r.value);
  });

  test('the hand named, fitting the exposures, at its value: no note, and the payments are as without a card', () => {
    expect(notesOf(record({ value: 25, hand: 'S #1' }))).toEqual([]);
    const withCard = parseRecord(record({ value: 25, hand: 'S #1' }));
    const without = parseRecord(record({ value: 25 }, null));
    expect(withCard.ok && without.ok).toBe(true);
    if (withCard.ok && without.ok) expect(replaySession(withCard.value)).toEqual(replaySession(without.value));
  });

  test('a value no fitting hand has: a note naming the exposures and the hands that fit', () => {
    expect(notesOf(record({ value: 35 }))).toEqual([
      "game 1, event 7: no hand worth 35 fits South's exposures (kong of Five Bam); these do: S #2 (30), S #1 (25)",
    ]);
    expect(notesOf(record({ value: 30 }))).toEqual([]);
  });

  test('a concealed hand named after an exposure, at the wrong value', () => {
    expect(notesOf(record({ value: 25, hand: 'S #3' }))).toEqual([
      "game 1, event 7: South's mah jongg names S #3, which does not fit South's exposures (kong of Five Bam)",
      "game 1, event 7: South's mah jongg is recorded at 25, but S #3 is worth 50 on the card",
    ]);
  });

  test('a hand not on the card', () => {
    expect(notesOf(record({ value: 25, hand: 'S #9' }))).toEqual([
      'game 1, event 7: South\'s mah jongg names S #9, which is not a hand of the card "Test"',
    ]);
  });

  test('the 14 tiles recorded: checked in full, jokerless too', () => {
    const s1 = ['5B', '5B', '5B', 'J', 'N', 'N', 'N', 'N', 'E', 'E', 'E', 'W', 'W', 'W'];
    expect(notesOf(record({ value: 25, hand: 'S #1', tiles: s1 }))).toEqual([]);
    const other = ['5B', '5B', '5B', 'J', '6B', '6B', '6B', '7B', '7B', '7B', 'F', 'F', 'F', 'F'];
    expect(notesOf(record({ value: 25, hand: 'S #1', tiles: other }))).toEqual([
      "game 1, event 7: South's 14 recorded tiles are not S #1; they match S #2 (30)",
    ]);
    expect(notesOf(record({ value: 25, jokerless: true, tiles: s1 }))).toEqual([
      "game 1, event 7: South's mah jongg is recorded jokerless, but her 14 recorded tiles hold a joker",
    ]);
  });

  test('a card that cannot be read: one note, the hands unchecked, the record still reads', () => {
    expect(notesOf(record({ value: 35 }, { text: 'card "Broken"\nsection "S"\n25 X 5555a NNNN\n' }))).toEqual([
      "the record's card cannot be read, so its hands are not checked: card line 3: 5555a holds 4 tiles, NNNN 4, the pattern 8, not 14",
    ]);
  });

  test('a card field that is not {"text": ...} is refused', () => {
    const r = parseRecord(record({ value: 25 }, 'card "x"'));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/^card must be \{"text": the card's text\}/);
  });

  test.each([
    [{ hand: '' }, /mahjong.hand must be the name of a hand/],
    [{ hand: 7 }, /mahjong.hand must be the name of a hand/],
    [{ hand: 'a\nb' }, /mahjong.hand must be the name of a hand/],
    [{ tiles: ['5B'] }, /mahjong.tiles must list the winner's 14 tiles/],
    [{ tiles: Array(14).fill('X') }, /mahjong.tiles: "X" is not a tile/],
  ])('a mah jongg with %j is refused', (extra, says) => {
    const r = parseEvent({ type: 'mahjong', seat: 'S', value: 25, jokerless: false, selfPick: true, ...extra });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(says);
  });
});
