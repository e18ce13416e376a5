import { describe, expect, test } from 'vitest';
import { RuleCode } from '../../src/core/errors';
import type { GameEvent } from '../../src/core/events';
import { apply, newGame } from '../../src/core/game';
import { lastWallSize, onLastWall } from '../../src/core/window';
import { D, JX, M, P, R, RETRACT, WIN, X, play, refused, setupOf } from './game-helpers';

// RULES §4.3-4.6 and worked examples 27-36: the window of opportunity on the live discard.
describe('window of opportunity (examples 27-36)', () => {
  test('ex27: N calls over S picking; S and W are skipped, E plays after N', () => {
    const s = play([D('E', '5D'), P('S'), X('N', ['5D', '5D', 'J'])]);
    expect(s.lastCall).toMatchObject({ winner: 'N', discarder: 'E', skipped: ['S', 'W'] });
    expect(s.wallRemaining).toBe(99); // S's pick went back to its spot
    expect(s.turn).toBe('N');
    const after = play([D('E', '5D'), P('S'), X('N', ['5D', '5D', 'J']), D('N', '2C')]);
    expect(after.turn).toBe('E');
    expect(after.exposures.N[0]).toMatchObject({ tile: '5D', tiles: ['5D', '5D', 'J'], locked: true, claimedFrom: 'E' });
  });

  test('ex28: a tap keeps the window open; W calls a kong', () => {
    const s = play([D('E', '5D'), P('S'), R('S', true), X('W', ['5D', '5D', '5D', 'J'])]);
    expect(s.lastCall?.winner).toBe('W');
    const msg = refused(
      [D('E', '5D'), P('S'), R('S', true), X('W', ['5D', '5D', '5D', 'J'])],
      RuleCode.WindowClosed,
      setupOf({ rules: { tapClosesWindow: true } }),
    );
    expect(msg).toBe('The window on Five Dot closed when South tapped her tile on the rack');
  });

  test('ex29: S racks: the window closes and N is refused', () => {
    const s = play([D('E', '5D'), P('S'), R('S')]);
    expect(s.live).toMatchObject({ tile: '5D', window: 'closed', closedBy: 'South racked', claimable: false });
    expect(refused([D('E', '5D'), P('S'), R('S'), X('N', ['5D', '5D', 'J'])], RuleCode.WindowClosed)).toBe(
      'The window on Five Dot closed when South racked',
    );
  });

  test('ex30: a joker exchange after the pick closes the window', () => {
    const ev = [D('E', '3C'), X('W', ['3C', '3C', 'J']), D('W', '5D'), P('N'), D('N', '2D'), P('E'), JX('E', 'W', '3C')];
    const s = play(ev);
    expect(s.live).toMatchObject({ tile: '2D', window: 'closed', closedBy: 'East exchanged for a joker' });
    expect(s.exposures.W[0]!.tiles).toEqual(['3C', '3C', '3C']);
    refused([...ev, X('S', ['2D', '2D', '2D'])], RuleCode.WindowClosed);
  });

  test('ex31: S throws her pick at once: the 5 Dot is dead, a window opens on North', () => {
    const s = play([D('E', '5D'), P('S'), D('S', 'N')]);
    expect(s.floor.map((f) => [f.tile, f.dead])).toEqual([
      ['5D', true],
      ['N', false],
    ]);
    expect(s.live).toMatchObject({ tile: 'N', seat: 'S', window: 'open', claimable: true });
    expect(s.turn).toBe('W');
  });

  test('ex32: N calls at the same moment S racks: N gets it, S returns her pick', () => {
    const s = play([D('E', '5D'), P('S'), R('S'), X('N', ['5D', '5D', '5D'], true)]);
    expect(s.lastCall?.winner).toBe('N');
    expect(s.wallRemaining).toBe(99);
    refused([D('E', '5D'), P('S'), R('S'), X('N', ['5D', '5D', '5D'])], RuleCode.WindowClosed);
    // After a retracted call the rack is again the latest event: a call together with it still wins.
    const again = [D('E', '5D'), P('S'), R('S'), X('N', ['5D', '5D', '5D'], true), RETRACT, X('W', ['5D', '5D', 'J'], true)];
    expect(play(again).lastCall?.winner).toBe('W');
    let s2 = newGame(setupOf());
    for (const e of again) {
      const r = apply(s2, e);
      expect(r.ok).toBe(true);
      if (r.ok) s2 = r.value;
    }
    expect(JSON.stringify(s2)).toBe(JSON.stringify(play(again)));
  });

  test('ex33: S self-picks before anyone speaks; a later claim is void', () => {
    const s = play([D('E', '5D'), P('S'), WIN('S', 25)]);
    expect(s.status).toBe('mahjong');
    expect(s.win).toMatchObject({ winner: 'S', selfPick: true });
    refused([D('E', '5D'), P('S'), WIN('S', 25), M('W')], RuleCode.GameOver);
  });

  test('ex34: a withdrawn call (retract) leaves the window open; S picks', () => {
    const s = play([D('E', '5D'), P('S'), X('W', ['5D', '5D', 'J']), RETRACT]);
    expect(s.live).toMatchObject({ tile: '5D', window: 'open' });
    expect(s.exposures.W).toEqual([]);
    expect(s.undone?.event).toEqual(X('W', ['5D', '5D', 'J']));
    expect(s.log).toHaveLength(4);
  });

  test('ex35: a discard before the pick (recorded with beforePick) cannot be called', () => {
    const ev: GameEvent[] = [D('E', '5D'), P('S'), D('S', '1B'), { type: 'discard', seat: 'W', tile: '7B', beforePick: true }];
    const s = play(ev);
    expect(s.live).toMatchObject({ tile: '7B', beforePick: true, claimable: false, window: 'closed' });
    expect(s.wallRemaining).toBe(98); // only S picked
    expect(refused([...ev, X('N', ['7B', '7B', '7B'])], RuleCode.BeforePick)).toBe(
      'West discarded the Seven Bam before picking: nobody may call it',
    );
  });

  test('implied picks: without pick events a discard in turn counts the pick', () => {
    const s = play([D('E', '5D'), D('S', '1B'), D('W', '7B')]);
    expect(s.wallRemaining).toBe(97);
    expect(s.live).toMatchObject({ tile: '7B', claimable: true, beforePick: false });
  });

  test('ex36: a discarded joker is never claimable', () => {
    const ev = [D('E', '5D'), D('S', '4C'), D('W', 'J', '4C')];
    const s = play(ev);
    expect(s.live).toMatchObject({ tile: 'J', claimable: false });
    expect(refused([...ev, X('N', ['4C', '4C', 'J'])], RuleCode.CallJoker)).toBe('North cannot call a joker');
  });

  test('a newer discard covers the old one', () => {
    const s = play([D('E', '5D'), D('S', '2B')]);
    expect(s.floor[0]).toMatchObject({ tile: '5D', dead: true });
    expect(s.live?.tile).toBe('2B');
  });

  test('the next player discarding or declaring mah jongg closes the window', () => {
    const s = play([D('E', '5D'), P('S'), WIN('S', 25)]);
    expect(s.live).toMatchObject({ window: 'closed', closedBy: 'South declared mah jongg' });
  });

  test('a rack by someone not in turn is refused', () => {
    expect(refused([D('E', '5D'), R('W')], RuleCode.NotYourTurn)).toBe("It is South's turn, not West's");
  });

  test('nobody picks before East opens; picking twice is refused', () => {
    refused([P('E')], RuleCode.NotOpened);
    refused([D('E', '5D'), P('S'), P('S')], RuleCode.AlreadyPicked);
    expect(refused([D('E', '5D'), P('N')], RuleCode.NotYourTurn)).toBe("It is South's turn, not North's");
  });
});

describe('last wall size (RULES §2.6, examples 49-50)', () => {
  test.each([
    [2, 4],
    [7, 14],
    [11, 22],
    [12, 24],
    [undefined, 14],
  ])('dice %s: East keeps %i tiles', (dice, size) => {
    expect(lastWallSize(dice)).toBe(size);
    expect(onLastWall(dice, size)).toBe(true);
    expect(onLastWall(dice, size + 1)).toBe(false);
  });
});
