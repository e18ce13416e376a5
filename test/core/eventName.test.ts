import { expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { eventName, eventSentence } from '../../src/core/eventName';

// One of each kind of event: both grammars must say every one in words, never its type name.
const EVERY: GameEvent[] = [
  { type: 'discard', seat: 'E', tile: '5B' },
  { type: 'pick', seat: 'S' },
  { type: 'rack', seat: 'W' },
  { type: 'call', seat: 'W', exposure: ['5B', 'J', '5B'] },
  { type: 'call', seat: 'N', mahjong: true, tile: '5B' } as GameEvent,
  { type: 'jokerExchange', seat: 'E', from: 'S', tile: '3D' } as GameEvent,
  { type: 'dead', seat: 'N', by: 'S', upheld: true },
  { type: 'dead', seat: 'N' },
  { type: 'mahjong', seat: 'E', value: 30 } as GameEvent,
  { type: 'mahjongInError', seat: 'W' } as GameEvent,
  { type: 'wallGame' },
  { type: 'bet', on: 'S' } as GameEvent,
  { type: 'wrongWall', seat: 'N' } as GameEvent,
  { type: 'retract' },
];

test('every event reads in words in both grammars, with no internal name', () => {
  for (const e of EVERY) {
    for (const text of [eventSentence(e), eventName(e)]) {
      expect(text, e.type).toMatch(/^[A-Za-z]/);
      expect(text, e.type).not.toMatch(/[a-z][A-Z]/); // camelCase such as mahjongInError
    }
  }
});

test('the echo says it seat first; the undo line and the fixes name it seat last', () => {
  const call: GameEvent = { type: 'call', seat: 'W', exposure: ['5B', 'J', '5B'] };
  expect(eventSentence(call)).toBe('West called a pung of Five Bam');
  expect(eventName(call)).toBe('a pung of Five Bam called by West (1 joker)');
  const discard: GameEvent = { type: 'discard', seat: 'E', tile: '7D' };
  expect(eventSentence(discard)).toBe('East’s discard of Seven Dot');
  expect(eventName(discard)).toBe('Seven Dot by East');
  expect(eventSentence({ type: 'dead', seat: 'N', by: 'S', upheld: true })).toBe('South challenged North’s hand (upheld)');
});
