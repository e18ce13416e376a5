import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { apply, newGame, type GameState } from '../../src/core/game';
import { OFFICIAL_RULES } from '../../src/core/rules';
import { parseCommand, type Command } from '../../src/renderer/screens/Table/command';

// The table's command line against real engine states (no mocks): every command of
// docs/keyboard.md, then the refusals, each with the message a player sees.
const play = (setup: Partial<Parameters<typeof newGame>[0]>, ...events: GameEvent[]): GameState => {
  let s = newGame({ players: 4, rules: OFFICIAL_RULES, bettor: false, ...setup });
  for (const e of events) {
    const r = apply(s, e);
    if (!r.ok) throw new Error(`fixture refused ${JSON.stringify(e)}: ${r.error.message}`);
    s = r.value;
  }
  return s;
};
const fresh = play({});
const afterDiscard = play({}, { type: 'discard', seat: 'E', tile: '5D' });
const afterMisnamed = play({}, { type: 'discard', seat: 'E', tile: '1B', named: 'F' });
const three = play({ players: 3 });
const five = play({ bettor: true });
const names = { E: 'Ann', S: 'Bea' };

const event = (c: Command): GameEvent => {
  if (c.kind !== 'event') throw new Error(`expected an event, got ${JSON.stringify(c)}`);
  return c.event;
};

describe('parseCommand: every command records the right event', () => {
  const cases: [string, GameState, GameEvent, RegExp][] = [
    ['5b', fresh, { type: 'discard', seat: 'E', tile: '5B', implied: true }, /Discard Five Bam by East \(Ann\)/],
    ['  5B  ', fresh, { type: 'discard', seat: 'E', tile: '5B', implied: true }, /Five Bam/],
    ['soap', fresh, { type: 'discard', seat: 'E', tile: '0', implied: true }, /Discard/],
    ['s 5b', fresh, { type: 'discard', seat: 'S', tile: '5B' }, /by South \(Bea\) \(out of turn: it is East’s turn\)/],
    ['5b=n', fresh, { type: 'discard', seat: 'E', tile: '5B', named: 'N', implied: true }, /Discard Five Bam, called “North” by East/],
    ['5b!', fresh, { type: 'discard', seat: 'E', tile: '5B', hot: true, implied: true }, /Discard hot Five Bam by East/],
    ['s 5b=n!', fresh, { type: 'discard', seat: 'S', tile: '5B', named: 'N', hot: true }, /Discard hot Five Bam, called “North” by South/],
    ['1b=f', fresh, { type: 'discard', seat: 'E', tile: '1B', named: 'F', implied: true }, /called “Flower”/],
    ['w 1b=f', fresh, { type: 'discard', seat: 'W', tile: '1B', named: 'F' }, /called “Flower” by West \(out of turn/],
    ['p', afterDiscard, { type: 'pick', seat: 'S', implied: true }, /South \(Bea\) picks a tile/],
    ['k', afterDiscard, { type: 'rack', seat: 'S', implied: true }, /racks/],
    ['c w 3', afterDiscard, { type: 'call', seat: 'W', exposure: ['5D', '5D', '5D'] }, /West calls the Five Dot for a pung/],
    ['c n 4j1', afterDiscard, { type: 'call', seat: 'N', exposure: ['5D', '5D', '5D', 'J'] }, /kong with 1 joker/],
    ['c s 6j5', afterDiscard, { type: 'call', seat: 'S', exposure: ['5D', 'J', 'J', 'J', 'J', 'J'] }, /sextet with 5 jokers/],
    ['c w 3 t', afterDiscard, { type: 'call', seat: 'W', exposure: ['5D', '5D', '5D'], together: true }, /at the same moment/],
    ['c w m', afterDiscard, { type: 'call', seat: 'W', mahjong: true }, /calls the Five Dot for mah jongg/],
    ['c w 3', afterMisnamed, { type: 'call', seat: 'W', exposure: ['F', 'F', 'F'] }, /Flower/],
    ['m s 30', fresh, { type: 'mahjong', seat: 'S', value: 30, jokerless: false }, /Mah jongg by South \(Bea\): 30$/],
    ['m s 30 j', fresh, { type: 'mahjong', seat: 'S', value: 30, jokerless: true }, /30, jokerless$/],
    ['m s 35 c', fresh, { type: 'mahjong', seat: 'S', value: 35, jokerless: false, concealed: true }, /35, concealed$/],
    [
      'm e 50 j c sp self',
      fresh,
      { type: 'mahjong', seat: 'E', value: 50, jokerless: true, category: 'singles-pairs', selfPick: true, concealed: true },
      /jokerless, concealed, Singles & Pairs, self-picked/,
    ],
    ['m w 40 q', fresh, { type: 'mahjong', seat: 'W', value: 40, jokerless: false, category: 'quints' }, /Quints/],
    [
      'x w 5b',
      fresh,
      { type: 'jokerExchange', seat: 'E', from: 'W', tile: '5B', implied: true },
      /East \(Ann\) gives a Five Bam for West’s joker/,
    ],
    ['d s', fresh, { type: 'dead', seat: 'S' }, /South \(Bea\)’s hand is dead/],
    ['d s w', fresh, { type: 'dead', seat: 'S', by: 'W', cause: 'challenge' }, /West calls South \(Bea\)’s hand dead \(agreed\)/],
    ['d s w ?', fresh, { type: 'dead', seat: 'S', by: 'W', disputed: true, cause: 'challenge' }, /disputed/],
    ['d s w y', fresh, { type: 'dead', seat: 'S', by: 'W', upheld: true, cause: 'challenge' }, /upheld/],
    ['d s w n', fresh, { type: 'dead', seat: 'S', by: 'W', upheld: false, cause: 'challenge' }, /was wrong: West pays/],
    ['err s', fresh, { type: 'mahjongInError', seat: 'S', exposed: false }, /not exposed: play on/],
    ['err s x 30', fresh, { type: 'mahjongInError', seat: 'S', exposed: true, value: 30 }, /hand exposed: dead \(30\)/],
    [
      'err s x 30 25',
      fresh,
      { type: 'mahjongInError', seat: 'S', exposed: true, value: 30, survivorValue: 25 },
      /\(30\); the survivor’s hand 25/,
    ],
    ['ww s', fresh, { type: 'wrongWall', seat: 'S' }, /South \(Bea\) pushed out the wrong wall/],
    ['b s', five, { type: 'bet', on: 'S' }, /bettor bets on South/],
    ['wall', fresh, { type: 'wallGame' }, /Wall game/],
  ];
  test.each(cases)('%s', (line, state, expected, preview) => {
    const c = parseCommand(line, state, names);
    expect(event(c)).toEqual(expected);
    expect(c.kind === 'event' && c.preview).toMatch(preview);
  });

  test('every recorded command is one the engine takes as a GameEvent shape (wrongWall, misnamed, concealed)', () => {
    // The new commands go through the real reducer, not just the parser.
    expect(apply(fresh, event(parseCommand('ww s', fresh, {}))).ok).toBe(true);
    const named = apply(fresh, event(parseCommand('1b=f', fresh, {})));
    expect(named.ok && named.value.live).toMatchObject({ tile: '1B', named: 'F' });
  });
});

describe('parseCommand: undo, meta and empty', () => {
  test.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['u', { kind: 'undo', preview: 'Undo the last action' }],
    ['undo', { kind: 'undo', preview: 'Undo the last action' }],
    ['next', { kind: 'meta', word: 'next', preview: 'Start the next game' }],
    ['ledger', { kind: 'meta', word: 'ledger', preview: 'Open the session ledger' }],
    ['home', { kind: 'meta', word: 'home', preview: 'Back to the home screen (r there comes back to this game)' }],
  ] as [string, Command][])('%j', (line, expected) => {
    expect(parseCommand(line, fresh, {})).toEqual(expected);
  });
  test('ok during play says what it is for', () => {
    expect(parseCommand('ok', fresh, {})).toMatchObject({ kind: 'meta', word: 'ok', preview: /confirms the payout sheet/ });
  });
});

describe('parseCommand: refusals say what is wrong', () => {
  const refusals: [string, GameState, RegExp][] = [
    ['5q', fresh, /“5q” is not a tile/],
    ['q s', fresh, /is not a command/],
    ['s 5b 3c', fresh, /is not a command/],
    ['5b=', fresh, /after =: type a tile/],
    ['=n', fresh, /type a tile/],
    ['5b=q', fresh, /after =: “q” is not a tile/],
    ['5b=5b', fresh, /after = type what she said when it differs/],
    ['5b=n=e', fresh, /one = only/],
    ['n 5b', three, /there is no North at this table/],
    ['u 3', fresh, /u takes nothing after it/],
    ['p s', fresh, /type just p/],
    ['k s', fresh, /type just k/],
    ['wall now', fresh, /wall takes nothing/],
    ['b', five, /b: say which seat/],
    ['b q', five, /b: “q” is not a seat/],
    ['c', afterDiscard, /c: say which seat/],
    ['c w', afterDiscard, /c: then the size/],
    ['c w 7', afterDiscard, /“7” is not a size/],
    ['c w 3j3', afterDiscard, /at most 2 jokers/],
    ['c w 3', fresh, /there is no discard to call/],
    ['m s', fresh, /m: then the hand value/],
    ['m s 0', fresh, /m: then the hand value/],
    ['m s 2.5', fresh, /m: then the hand value/],
    ['m s 30 z', fresh, /“z” is not j \(jokerless\), c \(concealed\)/],
    ['x w', fresh, /x: type a tile/],
    ['x w 5b 3c', fresh, /x: then whose joker/],
    ['x q 5b', fresh, /x: “q” is not a seat/],
    ['d', fresh, /d: say which seat/],
    ['d s q', fresh, /d: “q” is not a seat \(e, s, w or n\) \(who called it dead\)/],
    ['d s w z', fresh, /“z” is not \? \(disputed\)/],
    ['d s w y 3', fresh, /d: the seat, then who called it/],
    ['err', fresh, /err: say which seat/],
    ['err s abc', fresh, /err: the seat, then x/],
    ['err s 30 40 50', fresh, /err: the seat, then x/],
    ['ww', fresh, /ww: say which seat \(e, s, w or n\) \(who pushed out the wrong wall\)/],
    ['ww q', fresh, /ww: “q” is not a seat/],
    ['ww s w', fresh, /ww: just the seat/],
    ['ww n', three, /there is no North at this table/],
  ];
  test.each(refusals)('%j', (line, state, message) => {
    const c = parseCommand(line, state, {});
    expect(c.kind).toBe('problem');
    expect(c.kind === 'problem' && c.message).toMatch(message);
  });
});
