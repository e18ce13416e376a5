/**
 * The bettor's bet on a wall game (issue 22): the rules are silent (RULES §9.3 has her back a
 * player; a wall game is a draw with no payments, §8.3), so it is the house rule `betOnWallGame`,
 * off by default. On: she may bet on the wall instead of a seat; a wall game then earns her 25
 * from each player at the table; a mah jongg loses her bet like any other wrong bet.
 */
import { describe, expect, test } from 'vitest';
import { RuleCode } from '../../src/core/errors';
import type { GameEvent } from '../../src/core/events';
import { outcomeOf, replayGame } from '../../src/core/game';
import { parseEvent } from '../../src/core/parse/event';
import { parseRules } from '../../src/core/parse/rules';
import { payments, type Payer } from '../../src/core/payments';
import { OFFICIAL_RULES, RULE_NAMES, type HouseRules } from '../../src/core/rules';

const setup = (rules: Partial<HouseRules> = {}) => ({ players: 4 as const, rules: { ...OFFICIAL_RULES, ...rules }, bettor: true });
const WALL_BET: GameEvent = { type: 'bet', on: 'wall' };

const nets = (events: GameEvent[], rules: Partial<HouseRules> = {}): Record<Payer, number> => {
  const s = setup(rules);
  const r = replayGame(events, s);
  if (!r.ok) throw new Error(`event ${r.error.index}: ${r.error.error.message}`);
  const out: Record<Payer, number> = { E: 0, S: 0, W: 0, N: 0, bettor: 0 };
  for (const p of payments(outcomeOf(r.value), { bettor: true, rules: s.rules })) {
    out[p.from] -= p.points;
    out[p.to] += p.points;
  }
  return out;
};

describe('betOnWallGame (house rule, RULES silent)', () => {
  test('off by default, named for the players', () => {
    expect(OFFICIAL_RULES.betOnWallGame).toBe(false);
    expect(RULE_NAMES.betOnWallGame).toBe('bet on a wall game');
    expect(parseRules({ betOnWallGame: true })).toMatchObject({ ok: true, value: { betOnWallGame: true } });
  });

  test('the record reads a bet on the wall', () => {
    expect(parseEvent({ type: 'bet', on: 'wall' })).toEqual({ ok: true, value: WALL_BET });
    expect(parseEvent({ type: 'bet', on: 'moon' }).ok).toBe(false);
  });

  test('off: a bet on the wall is refused with a sentence, and nothing changes', () => {
    const r = replayGame([WALL_BET], setup());
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.error.code).toBe(RuleCode.Bet);
      expect(r.error.error.message).toBe('The bettor may bet on a wall game only when the house rule "bet on a wall game" is on');
    }
  });

  test('on: a wall game pays the bettor 25 from each player at the table', () => {
    expect(nets([WALL_BET, { type: 'wallGame' }], { betOnWallGame: true })).toEqual({ E: -25, S: -25, W: -25, N: -25, bettor: 100 });
  });

  test('on: a bet on a seat still earns nothing in a wall game (a draw, RULES §8.3)', () => {
    expect(nets([{ type: 'bet', on: 'S' }, { type: 'wallGame' }], { betOnWallGame: true })).toEqual({ E: 0, S: 0, W: 0, N: 0, bettor: 0 });
  });

  test('on: a mah jongg loses the wall bet: she pays the winner as a bettor who backed someone else', () => {
    const win: GameEvent[] = [
      WALL_BET,
      { type: 'discard', seat: 'E', tile: '1B' },
      { type: 'call', seat: 'W', mahjong: true },
      { type: 'mahjong', seat: 'W', value: 25, jokerless: false },
    ];
    expect(nets(win, { betOnWallGame: true })).toEqual({ E: -50, S: -25, W: 125, N: -25, bettor: -25 });
    const s = setup({ betOnWallGame: true });
    const r = replayGame(win, s);
    const lines = r.ok ? payments(outcomeOf(r.value), { bettor: true, rules: s.rules }) : [];
    expect(lines.find((l) => l.from === 'bettor')?.reason).toBe('Bettor bet on a wall game: pays West 25');
  });
});
