import { describe, expect, test } from 'vitest';
import { RuleCode } from '../../src/core/errors';
import type { GameEvent } from '../../src/core/events';
import { apply, newGame, outcomeOf, replayGame, wallAfterDeal, type GameState } from '../../src/core/game';
import { D, JX, M, P, R, RETRACT, WIN, X, discards, play, refused, setupOf } from './game-helpers';

const dead = (seat: 'E' | 'S' | 'W' | 'N', more: Partial<Extract<GameEvent, { type: 'dead' }>> = {}): GameEvent => ({
  type: 'dead',
  seat,
  ...more,
});

describe('turn order (RULES §4.1, §4.5, §7.2)', () => {
  test('East opens without picking; play goes to the right', () => {
    const s0 = newGame(setupOf());
    expect(s0).toMatchObject({ turn: 'E', picked: true, opened: false, wallRemaining: 99, live: null, status: 'in-progress' });
    const turns = [D('E', '1B'), D('S', '2B'), D('W', '3B'), D('N', '4B')].map((_, i, ev) => play(ev.slice(0, i + 1)).turn);
    expect(turns).toEqual(['S', 'W', 'N', 'E']);
  });
  test('dead players are skipped', () => {
    expect(play([D('E', '1B'), dead('W', { cause: 'wrong-count' }), D('S', '2B')]).turn).toBe('N');
    // Dead while in turn: play goes to her right.
    expect(play([D('E', '1B'), dead('S', { cause: 'wrong-count' })]).turn).toBe('W');
  });
  test("after a call play continues from the caller's right", () => {
    expect(play([D('E', '1B'), X('W', ['1B', '1B', 'J']), D('W', '2C')]).turn).toBe('N');
  });
  test('an out-of-turn discard leaves the turn where it was', () => {
    const s = play([D('E', '1B'), D('N', '2C')]);
    expect(s.turn).toBe('S');
    expect(s.live).toMatchObject({ outOfTurn: true, seat: 'N' });
  });
  test('three players: E, S, W', () => {
    const s = play([D('E', '1B'), D('S', '2B'), D('W', '3B')], setupOf({ players: 3 }));
    expect(s.seats).toEqual(['E', 'S', 'W']);
    expect(s.turn).toBe('E');
    expect(refused([D('E', '1B'), D('N', '2B')], RuleCode.NoSuchSeat, setupOf({ players: 3 }))).toMatch(/no seat N/);
  });
});

describe('wall counts (examples 18, 49-51)', () => {
  test('99 after a 4-player deal, 112 with three', () => {
    expect(wallAfterDeal(4)).toBe(99);
    expect(wallAfterDeal(3)).toBe(112);
    expect(newGame(setupOf({ players: 3 })).wallRemaining).toBe(112);
  });
  test('claims draw no tile; each discard in turn implies one pick', () => {
    const s = play([D('E', '1B'), D('S', '2B'), X('N', ['2B', '2B', 'J']), D('N', '3B')]);
    expect(s.wallRemaining).toBe(98);
  });
  test('the last wall: the last 14 tiles by default (d = 7), 2d with recorded dice', () => {
    expect(play(discards('E', 85)).lastWall).toBe(false); // 15 left
    expect(play(discards('E', 86)).lastWall).toBe(true); // 14 left
    expect(play(discards('E', 78), setupOf({ dice: 11 })).lastWall).toBe(true); // 22 left
    expect(play(discards('E', 77), setupOf({ dice: 11 })).lastWall).toBe(false);
  });
  test('ex18: a wall game only when the wall is empty; nobody picks from an empty wall', () => {
    expect(refused([...discards('E', 99), { type: 'wallGame' }], RuleCode.WallNotEmpty)).toBe(
      '1 tile is still in the wall: it is not a wall game yet',
    );
    const s = play([...discards('E', 100), { type: 'wallGame' }]);
    expect(s.status).toBe('wall');
    expect(s.wallRemaining).toBe(0);
    refused([...discards('E', 100), D('E', '1C')], RuleCode.WallEmpty);
    // The last discard (North's) can still be claimed (§8.3).
    expect(play([...discards('E', 100), M('W'), WIN('W', 25)]).win).toMatchObject({ discarder: 'N' });
  });
  test('a lone wall game (quick scoring) is accepted', () => {
    expect(play([{ type: 'wallGame' }]).status).toBe('wall');
  });
});

describe('mah jongg (RULES §8.1)', () => {
  test('inferred: self-pick after her pick, on the discard otherwise', () => {
    expect(play([D('E', '1B'), P('S'), WIN('S', 25)]).win).toMatchObject({ selfPick: true });
    expect(play([D('E', '1B'), WIN('W', 25)]).win).toMatchObject({ selfPick: false, discarder: 'E' });
    expect(play([D('E', '1B'), WIN('S', 25, { selfPick: true })]).win).toMatchObject({ selfPick: true });
    expect(play([D('E', '1B'), WIN('S', 25, { selfPick: true })]).wallRemaining).toBe(98);
  });
  test('contradictions are refused', () => {
    expect(refused([D('E', '1B'), P('S'), WIN('S', 25, { from: 'E' })], RuleCode.MahjongContradiction)).toBe(
      "South has picked: her mah jongg is a self-pick, not on East's discard",
    );
    refused([D('E', '1B'), M('W'), WIN('W', 25, { selfPick: true })], RuleCode.MahjongContradiction);
    refused([D('E', '1B'), M('W'), WIN('W', 25, { from: 'N' })], RuleCode.MahjongContradiction);
    refused([D('E', '1B'), P('S'), D('S', '2B'), WIN('N', 25, { selfPick: true })], RuleCode.MahjongHow);
  });
  test('a hand completed by a joker exchange is never jokerless', () => {
    const ev = [
      D('E', '1B'),
      D('S', '2B'),
      D('W', '3B'),
      D('N', '6D'),
      X('E', ['6D', '6D', 'J']),
      D('E', '9C'),
      P('S'),
      JX('S', 'E', '6D'),
    ];
    expect(refused([...ev, WIN('S', 25, { jokerless: true })], RuleCode.Jokerless)).toMatch(/cannot be jokerless/);
  });
  test('Heavenly and Earthly: East only, before any discard, paid as a self-pick', () => {
    expect(play([WIN('E', 25, { special: 'earthly' })]).win).toMatchObject({ selfPick: true, special: 'earthly' });
    refused([WIN('S', 25, { special: 'heavenly' })], RuleCode.Special);
    refused([D('E', '1B'), WIN('E', 25, { special: 'heavenly' })], RuleCode.Special);
  });
  test('a dead hand cannot win; after the end nothing but a settlement', () => {
    refused([D('E', '1B'), dead('W'), WIN('W', 25)], RuleCode.DeadPlayer);
    expect(refused([WIN('S', 25, { from: 'W' }), D('E', '1B')], RuleCode.GameOver)).toMatch(/The game is over/);
  });
  test('the window on a closed discard refuses a mah jongg on it', () => {
    refused([D('E', '1B'), P('S'), R('S'), WIN('W', 25)], RuleCode.WindowClosed);
  });
});

describe('bettor (RULES §9.3)', () => {
  test('bet only with a bettor, before the first discard, once', () => {
    expect(play([{ type: 'bet', on: 'W' }], setupOf({ bettor: true })).betOn).toBe('W');
    refused([{ type: 'bet', on: 'W' }], RuleCode.NoBettor);
    expect(refused([D('E', '1B'), { type: 'bet', on: 'W' }], RuleCode.Bet, setupOf({ bettor: true }))).toBe(
      "The bettor must bet before East's first discard",
    );
    refused(
      [
        { type: 'bet', on: 'W' },
        { type: 'bet', on: 'S' },
      ],
      RuleCode.Bet,
      setupOf({ bettor: true }),
    );
  });
});

describe('dead hands and challenges (RULES §7, §8.2, §8.4)', () => {
  test('every §7.1 cause is recorded', () => {
    const causes = [
      'wrong-count',
      'mahjong-in-error',
      'incorrect-exposure',
      'concealed-exposure',
      'wrong-discard-exposed',
      'unwinnable',
      'wrong-wall',
      'picked-out-of-turn',
      'early-exchange',
      'faulty-exchange',
      'invalid-claim-exposure',
      'challenge',
    ] as const;
    for (const cause of causes)
      expect(play([D('E', '1B'), dead('N', { cause, by: 'E' })]).dead.N).toEqual({ cause, by: 'E', eventIndex: 1 });
  });
  test('a hand already dead, a self-challenge, a dispute without challenger are refused', () => {
    expect(refused([D('E', '1B'), dead('N'), dead('N')], RuleCode.AlreadyDead)).toBe("North's hand is already dead");
    refused([D('E', '1B'), dead('N', { by: 'N' })], RuleCode.Challenge);
    refused([D('E', '1B'), dead('N', { disputed: true })], RuleCode.Challenge);
    refused([D('E', '1B'), dead('N', { by: 'W', disputed: true }), dead('N', { by: 'W', disputed: true })], RuleCode.Challenge);
  });
  test('a disputed player plays on; the dispute is open until settled', () => {
    const s = play([D('E', '1B'), dead('N', { by: 'W', disputed: true })]);
    expect(s.dead.N).toBeNull();
    expect(s.challenges).toEqual([{ challenger: 'W', challenged: 'N', status: 'disputed', eventIndex: 1 }]);
    expect(outcomeOf(s).challenges).toEqual([]);
  });
  test("wrongChallengerDead: a wrong challenger's hand dies", () => {
    const s = play([D('E', '1B'), dead('N', { by: 'W', upheld: false })], setupOf({ rules: { wrongChallengerDead: true } }));
    expect(s.dead.W).toMatchObject({ cause: 'challenge' });
    expect(s.dead.N).toBeNull();
  });
  test('mah jongg in error exposed: dead, play to her right; not exposed: no penalty', () => {
    const s = play([D('E', '1B'), P('S'), { type: 'mahjongInError', seat: 'S', exposed: true }]);
    expect(s.dead.S).toMatchObject({ cause: 'mahjong-in-error' });
    expect(s.turn).toBe('W');
    expect(s.live).toMatchObject({ window: 'closed' });
  });
  test('three players: two dead end the game (§3.8)', () => {
    const s = play([D('E', '1B'), dead('S', { cause: 'wrong-count' }), dead('W', { cause: 'wrong-count' })], setupOf({ players: 3 }));
    expect(s.status).toBe('three-dead');
    expect(outcomeOf(s).threeDead).toEqual({ rule: 'e', payees: [] });
  });
  test('breaking the wall is rule (d) only after a mah jongg in error', () => {
    refused([D('E', '1B'), dead('W', { cause: 'broke-wall' })], RuleCode.BadEvent);
  });
});

describe('retract', () => {
  test('takes back the previous non-retracted event, the log keeps both', () => {
    const ev = [D('E', '1B'), D('S', '2B'), D('W', '3B'), RETRACT, RETRACT];
    const s = play(ev);
    expect(s.live).toMatchObject({ tile: '1B', seat: 'E', window: 'open' });
    expect(s.turn).toBe('S');
    expect(s.wallRemaining).toBe(99);
    expect(s.log).toEqual(ev);
    expect(s.undone).toEqual({ event: D('S', '2B'), index: 1 });
  });
  test('nothing to retract is an error', () => {
    expect(refused([RETRACT], RuleCode.NothingToRetract)).toBe('There is nothing to take back');
    refused([D('E', '1B'), RETRACT, RETRACT], RuleCode.NothingToRetract);
  });
  test('a state read back from JSON retracts by replaying its log', () => {
    const s = play([D('E', '1B'), D('S', '2B'), X('N', ['2B', '2B', 'J']), RETRACT, D('W', '3B')]);
    const back = JSON.parse(JSON.stringify(s)) as GameState;
    const r = apply(back, RETRACT);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const direct = apply(s, RETRACT);
    expect(direct.ok && JSON.stringify(direct.value)).toBe(JSON.stringify(r.value));
    expect(r.value.undone).toEqual({ event: D('W', '3B'), index: 4 });
    const again = apply(r.value, RETRACT);
    expect(again.ok && again.value.live?.tile).toBe('1B');
  });
  test('apply and replayGame agree event by event', () => {
    const ev = [D('E', '1B'), P('S'), X('W', ['1B', '1B', 'J']), RETRACT, R('S'), D('S', '2B'), M('N'), WIN('N', 25)];
    let s = newGame(setupOf());
    for (const e of ev) {
      const r = apply(s, e);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value;
    }
    const whole = replayGame(ev, setupOf());
    expect(whole.ok && JSON.stringify(whole.value)).toBe(JSON.stringify(s));
  });
});

describe('bad input', () => {
  test('not a tile, not a seat, unknown type: a clear message and nothing changes', () => {
    expect(refused([{ type: 'discard', seat: 'E', tile: 'ZZ' } as unknown as GameEvent], RuleCode.BadEvent)).toBe('ZZ is not a tile');
    refused([{ type: 'discard', seat: 'Q', tile: '1B' } as unknown as GameEvent], RuleCode.NoSuchSeat);
    refused([{ type: 'shuffle' } as unknown as GameEvent], RuleCode.BadEvent);
    refused([D('E', '1B'), JX('S', 'W', 'J')], RuleCode.ExchangeJoker);
    expect(refused([D('E', '1B'), JX('S', 'W', '3C')], RuleCode.NoJoker)).toBe('West has no exposed joker standing for Three Crak');
    refused([D('E', '1B'), { type: 'mahjong', seat: 'W', value: 0, jokerless: false }], RuleCode.BadEvent);
  });
});
