import { describe, expect, test } from 'vitest';
import { RuleCode } from '../../src/core/errors';
import type { DeadCause, GameEvent } from '../../src/core/events';
import type { Seat } from '../../src/core/seats';
import { D, JX, WIN, X, play, refused } from './game-helpers';

// Issue 25, item 3: a hand declared dead for its own exposure (D3 an exposure no card hand fits,
// D4 an exposure on a concealed hand, D5 an exposure made with the wrong discard, D11 tiles exposed
// for a claim that went to an invalid mah jongg) takes that exposure back into her rack (RULES §6.2:
// "Tiles exposed in the act that killed the hand go back into the rack, and their jokers cannot be
// redeemed"). The record does not say which exposure was wrong: the latest one. Earlier exposures stay.
const dead = (seat: Seat, cause: DeadCause, by?: Seat): GameEvent => ({ type: 'dead', seat, cause, ...(by ? { by } : {}) });

describe('a hand dead for its own exposure returns it to her rack', () => {
  // South calls East's Five Bam for a pung with a joker, discards; later found wrong.
  const game = [D('E', '5B'), X('S', ['5B', '5B', 'J']), D('S', '1D'), D('W', '2D'), D('N', '3D')];

  test.each(['incorrect-exposure', 'concealed-exposure', 'wrong-discard-exposed', 'invalid-claim-exposure'] as const)(
    '%s: the exposure leaves the table and the exposed counts',
    (cause) => {
      const before = play(game);
      expect(before.tiles['5B']).toMatchObject({ exposed: 2, discarded: 0, unseen: 2 });
      expect(before.tiles.J.exposed).toBe(1);
      const s = play([...game, dead('S', cause, 'W')]);
      expect(s.exposures.S).toEqual([]);
      expect(s.dead.S).toMatchObject({ cause, returned: { tile: '5B', tiles: ['5B', '5B', 'J'] } });
      // The called Five Bam went into her rack with them: not discarded, not exposed.
      expect(s.tiles['5B']).toMatchObject({ exposed: 0, discarded: 0, unseen: 4 });
      expect(s.tiles.J.exposed).toBe(0);
    },
  );

  test('its joker can no longer be exchanged, so nobody wins with it', () => {
    const events = [...game, dead('S', 'incorrect-exposure', 'W'), JX('E', 'S', '5B')];
    const msg = refused(events, RuleCode.NoJoker);
    expect(msg).toBe('South has no exposed joker standing for Five Bam');
    // Before her hand died the same exchange and a win with that joker were fine.
    expect(play([...game, JX('E', 'S', '5B'), WIN('E', 30)]).win).toMatchObject({ winner: 'E', selfPick: true });
  });

  test('an earlier correct exposure stays, with its joker still redeemable (RULES §7.2)', () => {
    const events = [
      D('E', '5B'),
      X('S', ['5B', '5B', 'J']),
      D('S', '1D'),
      D('W', '7C'),
      X('S', ['7C', '7C', '7C', 'J']),
      D('S', '2D'),
      D('W', '3D'),
      D('N', '4D'),
      dead('S', 'incorrect-exposure', 'N'),
    ];
    const s = play(events);
    expect(s.exposures.S.map((x) => x.tile)).toEqual(['5B']);
    expect(s.tiles['7C']).toMatchObject({ exposed: 0, unseen: 4 });
    expect(s.tiles.J.exposed).toBe(1);
    expect(play([...events, JX('E', 'S', '5B')]).exposures.S[0]!.tiles).toEqual(['5B', '5B', '5B']);
  });

  test('declared dead while her claim is pending: the exposure goes back and play moves to her right', () => {
    const s = play([D('E', '5B'), X('S', ['5B', '5B', '5B']), dead('S', 'concealed-exposure', 'E')]);
    expect(s.exposures.S).toEqual([]);
    expect(s.turn).toBe('W');
    expect(s.pendingClaim).toBeNull();
    expect(s.tiles['5B'].exposed).toBe(0);
  });

  test('dead for another cause keeps every exposure (RULES §7.2)', () => {
    const s = play([...game, dead('S', 'wrong-count', 'W')]);
    expect(s.exposures.S).toHaveLength(1);
    expect(s.tiles['5B'].exposed).toBe(2);
    expect(s.dead.S).not.toHaveProperty('returned');
  });

  test('dead for an exposure with none on the table changes nothing else', () => {
    const s = play([D('E', '5B'), D('S', '6B'), dead('W', 'incorrect-exposure', 'N')]);
    expect(s.dead.W).toMatchObject({ cause: 'incorrect-exposure' });
    expect(s.dead.W).not.toHaveProperty('returned');
  });
});
