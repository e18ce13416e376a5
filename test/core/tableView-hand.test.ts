import { expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { makeRecord } from '../../src/core/record';
import { tableView } from '../../src/core/tableView';

// Phones and the display name the hand of the card a mah jongg was won with, proposed and confirmed.
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];
const play: GameEvent[] = [
  { type: 'discard', seat: 'E', tile: '5D' },
  { type: 'call', seat: 'W', mahjong: true },
];
const win = (hand?: string): GameEvent => ({ type: 'mahjong', seat: 'W', value: 30, jokerless: false, ...(hand ? { hand } : {}) });
const endingOf = (events: GameEvent[], staged: GameEvent[] = []) => {
  const r = tableView({ record: makeRecord({ players: PLAYERS, seating: PLAYERS, games: [{ events }] }), staged });
  if (!r.ok) throw new Error(r.message);
  return r.view.ending;
};

it('the ending names the hand when the host picked it from the card, and says none otherwise', () => {
  expect(endingOf(play, [win('Like numbers #1')])).toMatchObject({ winner: 'Cy', value: 30, hand: 'Like numbers #1', confirmed: false });
  expect(endingOf([...play, win('Like numbers #1')])).toMatchObject({ hand: 'Like numbers #1', confirmed: true });
  expect(endingOf([...play, win()])).toMatchObject({ value: 30, hand: null });
});
