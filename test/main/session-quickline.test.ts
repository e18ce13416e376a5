import { expect, test } from 'vitest';
import { gameSetupOf } from '../../src/core/gameSetup';
import { judgeQuick, lineOf, parseQuickLine, type QuickEntry } from '../../src/renderer/components/session/quickLine';

const FOUR = gameSetupOf({ seating: ['Ann', 'Bea', 'Cy', 'Dot'] }, {});
const THREE = gameSetupOf({ seating: ['Ann', 'Bea', 'Cy'] }, {});
const WITH_BETTOR = gameSetupOf({ seating: ['Ann', 'Bea', 'Cy', 'Dot'], bettor: 'Eve' }, {});
const eventsOf = (e: QuickEntry, setup = FOUR) => {
  const j = judgeQuick(e, setup);
  if (j.problem) throw new Error(j.problem);
  return j.events;
};
import { dollars, inChips, signed } from '../../src/renderer/components/session/money';

test('the quick line: winner, value, j, discarder or p; a bet prefix; wall', () => {
  expect(eventsOf(parseQuickLine('e30jp').entry)).toEqual([{ type: 'mahjong', seat: 'E', value: 30, jokerless: true, selfPick: true }]);
  expect(eventsOf(parseQuickLine('S25W').entry)).toEqual([{ type: 'mahjong', seat: 'S', value: 25, jokerless: false, from: 'W' }]);
  expect(eventsOf(parseQuickLine('bn e25w').entry, WITH_BETTOR)).toEqual([
    { type: 'bet', on: 'N' },
    { type: 'mahjong', seat: 'E', value: 25, jokerless: false, from: 'W' },
  ]);
  expect(eventsOf(parseQuickLine('wall').entry)).toEqual([{ type: 'wallGame' }]);
  expect(parseQuickLine(' s 3 0 p ').problem).toBeNull();
});

test('the quick line says what is missing or wrong', () => {
  expect(parseQuickLine('').problem).toMatch(/winner’s seat/);
  expect(parseQuickLine('x25e').problem).toMatch(/“x” is not a seat/);
  expect(parseQuickLine('e').problem).toMatch(/value/);
  expect(parseQuickLine('e30').problem).toMatch(/who threw/);
  // Rules are the reducer's: the line only says what the form still needs.
  expect(judgeQuick(parseQuickLine('e30e').entry, FOUR).problem).not.toBeNull();
  expect(parseQuickLine('e30pq').problem).toMatch(/“q” is not understood/);
  expect(judgeQuick(parseQuickLine('n25e').entry, THREE).problem).not.toBeNull();
  expect(judgeQuick(parseQuickLine('e25n').entry, THREE).problem).not.toBeNull();
  expect(judgeQuick(parseQuickLine('n25e').entry, FOUR).problem).toBeNull();
});

test('buttons and typing edit the same line', () => {
  for (const line of ['e30jp', 's25w', 'wall', 'n40e', 'w35js']) expect(lineOf(parseQuickLine(line).entry)).toBe(line);
});

test('money and chips as the table says them', () => {
  expect(dollars(125)).toBe('+$1.25');
  expect(dollars(-60)).toBe('−$0.60');
  expect(dollars(0)).toBe('$0.00');
  expect(signed(-25)).toBe('−25');
  const chips = [
    { colour: 'white', points: 5 },
    { colour: 'blue', points: 25 },
  ];
  expect(inChips(55, chips)).toBe('2 blue + 1 white');
  expect(inChips(57, chips)).toBe('2 blue + 1 white + 2 points');
  expect(inChips(0, chips)).toBe('none');
  expect(inChips(30, [])).toBe('30 points');
});
