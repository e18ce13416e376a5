import { describe, expect, test } from 'vitest';
import { RuleCode } from '../../src/core/errors';
import { D, M, P, R, WIN, X, play, refused } from './game-helpers';

// Issue 25, item 3: once she has recorded her pick from the wall she is committed (RULES §4.3, §4.4:
// "the tile has moved"): she can no longer claim the previous discard, for an exposure or for mah
// jongg, and her pick never goes back to the wall on her own word. Others may still claim while the
// window is open (their claim sends her pick back, Art. 59).
describe('a player who has picked cannot claim the previous discard', () => {
  const picked = [D('E', '1B'), D('S', '5B'), P('W')];

  test('an exposure call by the picker is refused with a sentence; nothing changes', () => {
    const msg = refused([...picked, X('W', ['5B', '5B', '5B'])], RuleCode.AlreadyPicked);
    expect(msg).toBe(
      "West has picked from the wall: she can no longer claim South's Five Bam (the others may still call it while its window is open)",
    );
  });

  test('a mah jongg call by the picker is refused, and so is a mah jongg on that discard', () => {
    refused([...picked, M('W')], RuleCode.AlreadyPicked);
    refused([...picked, WIN('W', 25, { from: 'S' })], RuleCode.MahjongContradiction);
  });

  test('her pick stays out of the wall and the window stays open for the others', () => {
    const s = play(picked);
    expect(s.wallRemaining).toBe(97);
    expect(s.live).toMatchObject({ tile: '5B', window: 'open', claimable: true });
    const n = play([...picked, X('N', ['5B', '5B', '5B'])]);
    // North's claim interrupts her pick: the tile goes back (§4.3, Art. 59).
    expect(n.wallRemaining).toBe(98);
    expect(n.lastCall).toMatchObject({ winner: 'N', discarder: 'S' });
    expect(play([...picked, M('E')]).lastCall).toMatchObject({ winner: 'E', purpose: 'mahjong' });
  });

  test('after a rival took the tile, the picker cannot compete for it either', () => {
    refused([...picked, X('N', ['5B', '5B', '5B']), M('W')], RuleCode.AlreadyPicked);
    refused([...picked, M('E'), X('W', ['5B', '5B', '5B'], true)], RuleCode.AlreadyPicked);
  });

  test('after racking (implied pick) she cannot claim it with a call spoken together', () => {
    refused([D('E', '1B'), D('S', '5B'), R('W'), M('W', true)], RuleCode.AlreadyPicked);
  });

  test('without a pick she may still claim instead of picking', () => {
    const s = play([D('E', '1B'), D('S', '5B'), X('W', ['5B', '5B', '5B'])]);
    expect(s.lastCall).toMatchObject({ winner: 'W' });
    expect(s.wallRemaining).toBe(98);
  });

  test('her own win after the pick is a self-pick', () => {
    expect(play([...picked, WIN('W', 25)]).win).toMatchObject({ winner: 'W', selfPick: true });
  });
});
