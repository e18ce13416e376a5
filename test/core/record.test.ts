import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { describeRecordError, makeRecord, parseRecord, serialiseRecord, type TableRecord } from '../../src/core/record';

const fixture = (name: string): string => readFileSync(new URL(`../records/${name}`, import.meta.url), 'utf8');
const base = {
  format: 'mahjmate/table-record',
  version: 2,
  players: ['Ann', 'Bea', 'Cy', 'Dot'],
  seating: ['Ann', 'Bea', 'Cy', 'Dot'],
  rules: {},
  games: [] as unknown[],
};
const withGames = (...events: unknown[][]) => JSON.stringify({ ...base, games: events.map((e) => ({ events: e })) });

describe('parseRecord: valid records', () => {
  test('the five-player fixture: tiles made canonical, defaults filled', () => {
    const r = parseRecord(fixture('five-bettor.json'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.bettor).toBe('Eve');
    expect(r.value.pie).toEqual({ points: 300 });
    expect(r.value.games[0]!.events[1]).toEqual({ type: 'discard', seat: 'E', tile: '5B' });
    expect(r.value.games).toHaveLength(3);
  });

  test('lower-case tiles and seats, aliases', () => {
    const r = parseRecord(
      withGames([
        { type: 'discard', seat: 'e', tile: 'soap' },
        { type: 'call', seat: 'n', exposure: ['wd', '0', 'j'] },
      ]),
    );
    expect(r.ok && r.value.games[0]!.events).toEqual([
      { type: 'discard', seat: 'E', tile: '0' },
      { type: 'call', seat: 'N', exposure: ['0', '0', 'J'] },
    ]);
  });

  test('stakes default to 1 cent a point', () => {
    const r = parseRecord(JSON.stringify(base));
    expect(r.ok && r.value.stakes).toEqual({ centsPerPoint: 1 });
  });

  test('extensions: named, cause, special, mahjongInError.value, wrongWall', () => {
    const r = parseRecord(
      withGames([
        { type: 'discard', seat: 'E', tile: '1B', named: 'F' },
        { type: 'dead', seat: 'W', cause: 'wrong-count' },
        { type: 'wrongWall', seat: 'S' },
        { type: 'mahjongInError', seat: 'N', exposed: true, value: 30 },
        { type: 'mahjong', seat: 'E', value: 25, jokerless: false, special: 'heavenly' },
      ]),
    );
    expect(r.ok).toBe(true);
  });

  test('reducer extensions survive parsing and serialising: tap, together, disputed, broke-wall, dice', () => {
    const text = JSON.stringify({
      ...base,
      games: [
        {
          dice: 7,
          events: [
            { type: 'discard', seat: 'E', tile: '5D' },
            { type: 'pick', seat: 'S' },
            { type: 'rack', seat: 'S', tap: true },
            { type: 'call', seat: 'N', exposure: ['5D', '5D', 'J'] },
            { type: 'call', seat: 'W', mahjong: true, together: true },
            { type: 'dead', seat: 'S', by: 'E', disputed: true },
            { type: 'dead', seat: 'N', cause: 'broke-wall' },
          ],
        },
      ],
    });
    const r = parseRecord(text);
    if (!r.ok) throw new Error(r.error.message);
    const g = r.value.games[0]!;
    expect(g.dice).toBe(7);
    expect(g.events[2]).toEqual({ type: 'rack', seat: 'S', tap: true });
    expect(g.events[4]).toEqual({ type: 'call', seat: 'W', mahjong: true, together: true });
    expect(g.events[5]).toEqual({ type: 'dead', seat: 'S', by: 'E', disputed: true });
    const again = parseRecord(serialiseRecord(r.value));
    expect(again.ok && again.value).toEqual(r.value);
    const badDice = parseRecord(JSON.stringify({ ...base, games: [{ dice: 13, events: [] }] }));
    expect(!badDice.ok && badDice.error).toMatchObject({ game: 1, message: expect.stringMatching(/dice/) });
  });

  test('serialise then parse gives the same record; serialising is stable', () => {
    for (const f of ['five-bettor.json', 'quick-four.json', 'three-players.json']) {
      const r = parseRecord(fixture(f));
      if (!r.ok) throw new Error(describeRecordError(r.error));
      const text = serialiseRecord(r.value);
      const again = parseRecord(text);
      expect(again.ok && again.value).toEqual(r.value);
      expect(serialiseRecord((again as { value: TableRecord }).value)).toBe(text);
    }
  });

  test('a version 1 file still reads, and is written back as version 2', () => {
    const v1 = parseRecord(JSON.stringify({ ...base, version: 1, games: [{ events: [{ type: 'discard', seat: 'E', tile: '5B' }] }] }));
    if (!v1.ok) throw new Error(describeRecordError(v1.error));
    expect(v1.value.version).toBe(1);
    expect(v1.value.games[0]!.events).toEqual([{ type: 'discard', seat: 'E', tile: '5B' }]);
    const text = serialiseRecord(v1.value);
    expect(JSON.parse(text).version).toBe(2);
    expect(parseRecord(text)).toMatchObject({ ok: true, value: { version: 2, games: v1.value.games } });
  });

  test('makeRecord builds a record parseRecord accepts', () => {
    const rec = makeRecord({
      players: ['A', 'B', 'C'],
      seating: ['B', 'C', 'A'],
      pie: 200,
      rules: { pivot: false },
      games: [{ events: [{ type: 'wallGame' }] }],
    });
    const r = parseRecord(serialiseRecord(rec));
    expect(r.ok && r.value).toEqual(rec);
  });
});

interface Bad {
  name: string;
  text: string;
  game?: number;
  index?: number;
  msg: RegExp;
}
const bad: Bad[] = [
  { name: 'not JSON', text: fixture('bad-json.json'), msg: /not valid JSON/ },
  { name: 'wrong format', text: fixture('bad-format.json'), msg: /format must be/ },
  { name: 'unknown switch', text: fixture('bad-rule.json'), msg: /does not know \("hotWall"\)/ },
  { name: 'bad tile', text: fixture('bad-tile.json'), game: 2, index: 2, msg: /"10B" is not a tile/ },
  { name: 'wrong version', text: JSON.stringify({ ...base, version: 3 }), msg: /version must be 1 or 2 \(this app writes 2\), got 3/ },
  { name: 'two players', text: JSON.stringify({ ...base, players: ['A', 'B'] }), msg: /3, 4 or 5/ },
  { name: 'six players', text: JSON.stringify({ ...base, players: ['A', 'B', 'C', 'D', 'E', 'F'] }), msg: /3, 4 or 5/ },
  { name: 'duplicate names', text: JSON.stringify({ ...base, players: ['A', 'A', 'C'] }), msg: /distinct/ },
  {
    name: 'seating a stranger',
    text: JSON.stringify({ ...base, seating: ['Ann', 'Bea', 'Cy', 'Zed'] }),
    msg: /"Zed" is not one of the players/,
  },
  { name: 'seated twice', text: JSON.stringify({ ...base, seating: ['Ann', 'Bea', 'Cy', 'Cy'] }), msg: /seated twice/ },
  {
    name: 'five without bettor',
    text: JSON.stringify({ ...base, players: ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'] }),
    msg: /bettor: with 5 players the one not seated is the bettor/,
  },
  { name: 'four with a bettor', text: JSON.stringify({ ...base, bettor: 'Ann' }), msg: /only a table of 5/ },
  {
    name: 'bettor also seated',
    text: JSON.stringify({ ...base, players: ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'], bettor: 'Ann' }),
    msg: /cannot both sit in and bet/,
  },
  { name: 'bad stakes', text: JSON.stringify({ ...base, stakes: { centsPerPoint: -1 } }), msg: /centsPerPoint/ },
  { name: 'bad pie', text: JSON.stringify({ ...base, pie: { points: 'lots' } }), msg: /pie.points/ },
  {
    name: 'bad switch value',
    text: JSON.stringify({ ...base, rules: { pivot: 'yes' } }),
    msg: /the house rule "Pivot swap" must be on or off/,
  },
  { name: 'unknown event', text: withGames([{ type: 'sneeze' }]), game: 1, index: 1, msg: /unknown event type "sneeze"/ },
  {
    name: 'seat N at 3 players',
    text: JSON.stringify({
      ...base,
      players: ['A', 'B', 'C'],
      seating: ['A', 'B', 'C'],
      games: [{ events: [{ type: 'pick', seat: 'N' }] }],
    }),
    game: 1,
    index: 1,
    msg: /must be a seat \(E, S, W\)/,
  },
  {
    name: 'mahjong without value',
    text: withGames([], [{ type: 'mahjong', seat: 'E', jokerless: false }]),
    game: 2,
    index: 1,
    msg: /mahjong.value/,
  },
  {
    name: 'mahjong from herself',
    text: withGames([{ type: 'mahjong', seat: 'E', value: 25, jokerless: false, from: 'E' }]),
    game: 1,
    index: 1,
    msg: /own discard/,
  },
  {
    name: 'call both ways',
    text: withGames([{ type: 'call', seat: 'E', mahjong: true, exposure: ['1B', '1B', '1B'] }]),
    game: 1,
    index: 1,
    msg: /not both/,
  },
  {
    name: 'short exposure',
    text: withGames([{ type: 'call', seat: 'E', exposure: ['1B', '1B'] }]),
    game: 1,
    index: 1,
    msg: /3 to 6 tiles/,
  },
  { name: 'bet at four', text: withGames([{ type: 'bet', on: 'E' }]), game: 1, index: 1, msg: /no bettor/ },
  { name: 'bad dead cause', text: withGames([{ type: 'dead', seat: 'E', cause: 'bored' }]), game: 1, index: 1, msg: /dead.cause/ },
  { name: 'events not a list', text: JSON.stringify({ ...base, games: [{ events: 3 }] }), game: 1, msg: /events must be a list/ },
];

describe('parseRecord: bad records name the game, the event and the reason', () => {
  test.each(bad)('$name', ({ text, game, index, msg }) => {
    const r = parseRecord(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(msg);
    expect(r.error.game).toBe(game);
    expect(r.error.index).toBe(index);
    const line = describeRecordError(r.error);
    expect(line).not.toContain('\n');
    if (game !== undefined) expect(line).toContain(`game ${game}`);
    if (index !== undefined) expect(line).toContain(`event ${index}`);
  });
});
