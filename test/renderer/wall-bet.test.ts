import { describe, expect, test } from 'vitest';
import { newGame } from '../../src/core/game';
import { OFFICIAL_RULES } from '../../src/core/rules';
import { entryOf, judgeQuick, lineOf, parseQuickLine } from '../../src/renderer/components/session/quickLine';
import { parseCommand } from '../../src/renderer/screens/Table/command';

// The bet on a wall game (house rule "bet on a wall game") typed at the table ("b wall") and in
// quick scoring ("bwall wall"), judged by the real engine with the switch on and off.
const setup = (betOnWallGame: boolean) => ({ players: 4 as const, rules: { ...OFFICIAL_RULES, betOnWallGame }, bettor: true });

describe('the bet on a wall game, typed', () => {
  test('quick scoring: "bwall wall" records the bet then the wall game, and reads back', () => {
    const { entry, problem } = parseQuickLine('bwall wall');
    expect(problem).toBeNull();
    expect(entry).toMatchObject({ bet: 'wall', wall: true });
    expect(lineOf(entry)).toBe('bwall wall');
    const on = judgeQuick(entry, setup(true));
    expect(on).toMatchObject({ problem: null, events: [{ type: 'bet', on: 'wall' }, { type: 'wallGame' }] });
    expect(entryOf(on.events)).toMatchObject({ bet: 'wall', wall: true });
  });
  test('quick scoring: with the house rule off it is refused in a sentence', () => {
    expect(judgeQuick(parseQuickLine('bwall wall').entry, setup(false)).problem).toBe(
      'The bettor may bet on a wall game only when the house rule "bet on a wall game" is on',
    );
  });
  test('quick scoring: "bw" is still the bet on West', () => {
    expect(parseQuickLine('bw e25s').entry).toMatchObject({ bet: 'W', winner: 'E', value: 25, from: 'S' });
  });
  test('at the table: "b wall" is the bet on a wall game', () => {
    expect(parseCommand('b wall', newGame(setup(true)), {})).toMatchObject({ kind: 'event', event: { type: 'bet', on: 'wall' } });
  });
});
