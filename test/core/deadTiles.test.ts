import { describe, expect, test } from 'vitest';
import { TILES, copiesOf } from '../../src/core/tiles';
import { D, JX, P, X, play } from './game-helpers';

describe('dead tiles and visible counts (RULES §11, example 47)', () => {
  test('a fresh game: every tile unseen', () => {
    const s = play([]);
    for (const t of TILES) expect(s.tiles[t]).toEqual({ discarded: 0, exposed: 0, unseen: copiesOf(t) });
  });

  test("ex47: 2 North discarded and 1 in East's exposure leave 1 unseen", () => {
    const s = play([D('E', 'N'), D('S', '1B'), D('W', 'N'), D('N', 'N'), X('E', ['N', 'N', 'J']), D('E', '2B')]);
    expect(s.tiles.N).toEqual({ discarded: 2, exposed: 2, unseen: 0 });
    // Exposed jokers are visible: counted under the Joker kind.
    expect(s.tiles.J).toEqual({ discarded: 0, exposed: 1, unseen: 7 });
    expect(s.tiles['1B']).toEqual({ discarded: 1, exposed: 0, unseen: 3 });
    expect(s.tiles['2B']).toEqual({ discarded: 1, exposed: 0, unseen: 3 });
  });

  test('ex47: a dead hand keeps its exposures, and their jokers stay redeemable', () => {
    const ev = [
      D('E', '3D'),
      X('N', ['3D', '3D', 'J']),
      D('N', '1B'),
      { type: 'dead' as const, seat: 'N' as const, by: 'E' as const },
      P('E'),
      JX('E', 'N', '3D'),
    ];
    const s = play(ev);
    expect(s.dead.N).toMatchObject({ by: 'E' });
    expect(s.exposures.N[0]!.tiles).toEqual(['3D', '3D', '3D']);
    expect(s.tiles['3D']).toEqual({ discarded: 0, exposed: 3, unseen: 1 });
    expect(s.tiles.J.exposed).toBe(0);
  });

  test('the floor marks covered, claimed and joker discards dead', () => {
    const s = play([D('E', '5D'), D('S', 'J'), D('W', '2C'), X('N', ['2C', '2C', '2C'])]);
    expect(s.floor.map((f) => [f.tile, f.dead, f.claimedBy ?? null])).toEqual([
      ['5D', true, null],
      ['J', true, null],
      ['2C', true, 'N'],
    ]);
    expect(s.tiles['2C']).toEqual({ discarded: 0, exposed: 3, unseen: 1 });
    expect(s.tiles.J).toEqual({ discarded: 1, exposed: 0, unseen: 7 });
    expect(s.tiles['5D']).toEqual({ discarded: 1, exposed: 0, unseen: 3 });
  });
});
