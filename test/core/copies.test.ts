import { describe, expect, test } from 'vitest';
import { RuleCode } from '../../src/core/errors';
import type { GameEvent } from '../../src/core/events';
import { replayGame, type GameState } from '../../src/core/game';
import { TILES, copiesOf } from '../../src/core/tiles';
import { D, JX, M, X, play, refused, setupOf } from './game-helpers';

// Issue 13, bug B: a real set holds 4 of each suit tile, wind and dragon, 8 flowers and 8 jokers
// (RULES §1.1). An event that would put more copies in sight than that is refused with a sentence
// naming the tile and the count, and nothing changes. No count is ever negative.
const TOO_MANY = 'ERR_TOO_MANY_COPIES' as RuleCode;

const noNegative = (s: GameState): void => {
  for (const t of TILES) {
    const c = s.tiles[t];
    expect(c.unseen, t).toBeGreaterThanOrEqual(0);
    expect(c.discarded + c.exposed + c.unseen, t).toBe(copiesOf(t));
  }
};

describe('a fifth copy is refused', () => {
  test('five discards of One Crak: the fifth is refused, naming the tile', () => {
    const ev = [D('E', '1C'), D('S', '1C'), D('W', '1C'), D('N', '1C'), D('E', '1C')];
    expect(refused(ev, TOO_MANY)).toBe('All four One Craks are already in sight: is it a One Bam or a One Dot?');
    const s = play(ev.slice(0, 4));
    expect(s.tiles['1C']).toEqual({ discarded: 4, exposed: 0, unseen: 0 });
    noNegative(s);
  });

  test('a Five Bam pung exposed and two more Five Bams discarded: the second is refused', () => {
    const ev = [D('E', '5B'), X('S', ['5B', '5B', '5B']), D('S', '5B'), D('W', '5B')];
    expect(refused(ev, TOO_MANY)).toBe('All four Five Bams are already in sight: is it a Five Crak or a Five Dot?');
    noNegative(play(ev.slice(0, 3)));
  });

  test('a pung called when two are already on the floor would show five', () => {
    const ev = [D('E', '5B'), D('S', '5B'), D('W', '5B'), X('N', ['5B', '5B', '5B'])];
    expect(refused(ev, TOO_MANY)).toBe('This pung would put 5 Five Bams in sight; the set holds only four');
  });

  test('an exposure changed before her discard (Example 37) is counted too', () => {
    const ev = [D('E', '2B'), D('S', '2B'), X('W', ['2B', '2B', 'J']), X('W', ['2B', '2B', '2B', '2B'])];
    expect(refused(ev, TOO_MANY)).toBe('This kong would put 5 Two Bams in sight; the set holds only four');
  });

  test('a ninth joker: discarded, or in an exposure', () => {
    const seats = ['E', 'S', 'W', 'N'] as const;
    const eight: GameEvent[] = Array.from({ length: 8 }, (_, i) => D(seats[i % 4]!, 'J'));
    expect(refused([...eight, D('E', 'J')], TOO_MANY)).toBe('All eight Jokers are already in sight: check the tile');
    const seven = eight.slice(0, 7); // N is in turn after seven
    const kong = [...seven, D('N', '3D'), X('E', ['3D', '3D', 'J', 'J'])];
    expect(refused(kong, TOO_MANY)).toBe('This kong would put 9 Jokers in sight; the set holds only eight');
    noNegative(play([...seven, D('N', '3D'), X('E', ['3D', '3D', '3D', 'J'])]));
  });

  test('a ninth flower', () => {
    const seats = ['E', 'S', 'W', 'N'] as const;
    const ev: GameEvent[] = Array.from({ length: 9 }, (_, i) => D(seats[i % 4]!, 'F'));
    expect(refused(ev, TOO_MANY)).toBe('All eight Flowers are already in sight: check the tile');
  });

  test('a joker exchange giving a fifth copy', () => {
    const ev = [D('E', '3C'), X('W', ['3C', '3C', 'J']), D('W', '3C'), D('N', '3C'), JX('E', 'W', '3C')];
    expect(refused(ev, TOO_MANY)).toBe("All four Three Craks are already in sight: the tile given for West's joker is not a Three Crak");
  });

  test('the winning tile: a mah jongg takes a discard already counted, so a fifth copy can never be won on', () => {
    const ev = [D('E', '9D'), D('S', '9D'), D('W', '9D'), D('N', '9D')];
    const won = play([...ev, M('E'), { type: 'mahjong', seat: 'E', value: 25, jokerless: false }]);
    expect(won.win).toMatchObject({ winner: 'E', discarder: 'N' });
    noNegative(won);
    const r = replayGame([...ev, D('E', '9D'), M('S')], setupOf());
    expect(r.ok ? null : r.error).toMatchObject({
      index: 4,
      error: { code: TOO_MANY, message: 'All four Nine Dots are already in sight: is it a Nine Bam or a Nine Crak?' },
    });
  });

  test('a wind names the other winds still unseen', () => {
    const ev = [D('E', 'N'), D('S', 'N'), D('W', 'N'), D('N', 'N'), D('E', 'N')];
    expect(refused(ev, TOO_MANY)).toBe('All four Norths are already in sight: is it an East, a West or a South?');
  });
});
