import { describe, expect, test } from 'vitest';
import { copiesOf, isTile, parseTile, tileLongName, tileName, TILES, TOTAL_TILES, type Tile } from '../../src/core/tiles';

describe('tiles (RULES §1.1-1.2)', () => {
  test('36 kinds, 152 tiles: 4 of each, 8 flowers, 8 jokers', () => {
    expect(TILES).toHaveLength(36);
    expect(new Set(TILES).size).toBe(36);
    expect(TOTAL_TILES).toBe(152);
    expect(copiesOf('F')).toBe(8);
    expect(copiesOf('J')).toBe(8);
    expect(TILES.filter((t) => copiesOf(t) === 4)).toHaveLength(34);
  });

  const parses: [unknown, Tile | null][] = [
    ['5b', '5B'],
    ['5B', '5B'],
    [' 9c ', '9C'],
    ['1d', '1D'],
    ['n', 'N'],
    ['e', 'E'],
    ['0', '0'],
    ['soap', '0'],
    ['WD', '0'],
    ['rd', 'R'],
    ['g', 'G'],
    ['f', 'F'],
    ['j', 'J'],
    ['B5', '5B'],
    ['c1', '1C'],
    ['10B', null],
    ['0B', null],
    ['X', null],
    ['', null],
    [5, null],
    [null, null],
  ];
  test.each(parses)('parseTile(%j) = %j', (input, want) => {
    expect(parseTile(input)).toBe(want);
  });

  test('every canonical code parses to itself and is a tile; lower case parses too', () => {
    for (const t of TILES) {
      expect(parseTile(t)).toBe(t);
      expect(parseTile(t.toLowerCase())).toBe(t);
      expect(isTile(t)).toBe(true);
    }
    expect(isTile('5b')).toBe(false); // only the canonical form is stored
  });

  const names: [Tile, string][] = [
    ['5B', 'Five Bam'],
    ['7C', 'Seven Crak'],
    ['1D', 'One Dot'],
    ['N', 'North'],
    ['R', 'Red Dragon'],
    ['G', 'Green Dragon'],
    ['0', 'Soap'],
    ['F', 'Flower'],
    ['J', 'Joker'],
  ];
  test.each(names)('tileName(%s) = %s', (t, n) => {
    expect(tileName(t)).toBe(n);
  });

  test('display names are distinct for all 36 kinds; Soap has a long name', () => {
    expect(new Set(TILES.map(tileName)).size).toBe(36);
    expect(tileLongName('0')).toBe('Soap (White Dragon)');
  });
});
