import { describe, expect, test } from 'vitest';
import { RuleCode } from '../../src/core/errors';
import type { GameEvent } from '../../src/core/events';
import type { Seat } from '../../src/core/seats';
import { D, netOf, play, refused, setupOf } from './game-helpers';

// Issue 25, item 3: three dead hands after a mah jongg in error pay by the erring hand's value
// (RULES §8.4 (b), (c)). Without the value the game used to end with no payments and no word; now
// the event that makes the third dead hand is refused with a question naming what is missing.
const err = (seat: Seat, value?: number, survivorValue?: number): GameEvent => ({
  type: 'mahjongInError',
  seat,
  exposed: true,
  ...(value !== undefined ? { value } : {}),
  ...(survivorValue !== undefined ? { survivorValue } : {}),
});
const dead = (seat: Seat): GameEvent => ({ type: 'dead', seat, by: 'E' });
const opening = [D('E', '1B'), D('S', '2B')];

describe('three dead after a mah jongg in error asks for the erring hand’s value', () => {
  test('rule (c): the first dead erred without a value; the third dead is refused with a question', () => {
    const msg = refused([...opening, err('W'), dead('N'), dead('S')], RuleCode.ThreeDeadValue);
    expect(msg).toBe(
      "What was West's hand worth? Three hands are dead: West erred first and pays East twice that (rule c). Give it on her mah jongg in error.",
    );
  });

  test('rule (b): a second exposed mah jongg in error without a value is refused', () => {
    const msg = refused([...opening, err('W', 25), dead('N'), err('E')], RuleCode.ThreeDeadValue);
    expect(msg).toBe(
      "What was East's hand worth? Three hands are dead: her mah jongg in error pays South twice that (rule b). Give it on that mah jongg in error.",
    );
  });

  test('rule (b) under survivorHand asks for the survivor’s hand', () => {
    const msg = refused(
      [...opening, err('W', 25), dead('N'), err('E', 30)],
      RuleCode.ThreeDeadValue,
      setupOf({ rules: { rule_b_value: 'survivorHand' } }),
    );
    expect(msg).toMatch(/^What was South's hand worth\? .*rule b, survivor's hand/);
  });

  test('with the value recorded the game ends and pays', () => {
    const s = play([...opening, err('W', 25), dead('N'), dead('S')]);
    expect(s.status).toBe('three-dead');
    expect(s.threeDead).toMatchObject({ rule: 'c', payer: 'W', payees: ['E'], value: 25 });
    expect(netOf(s)).toEqual({ W: -50, E: 50 });
    const b = play([...opening, err('W', 25), dead('N'), err('E', 30)]);
    expect(netOf(b)).toEqual({ E: -60, S: 60 });
  });

  test('rule (e) needs no value: three dead without a mah jongg in error end with no payments', () => {
    const s = play([...opening, dead('W'), dead('N'), dead('S')]);
    expect(s.threeDead).toMatchObject({ rule: 'e' });
    expect(netOf(s)).toEqual({});
  });

  test('a 3-player game: the second dead hand after an unvalued error is refused too', () => {
    const msg = refused([D('E', '1B'), D('S', '2B'), err('W'), dead('S')], RuleCode.ThreeDeadValue, setupOf({ players: 3 }));
    expect(msg).toMatch(/^What was West's hand worth\? Two hands are dead/);
  });
});
