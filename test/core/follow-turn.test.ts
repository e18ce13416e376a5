import { describe, expect, test } from 'vitest';
import { amendEvents, applyChanges, unwindAmendments, type Change } from '../../src/core/amend';
import type { GameEvent } from '../../src/core/events';
import { followSentence, followTurn } from '../../src/core/followTurn';
import { apply, newGame, outcomeOf, type GameState } from '../../src/core/game';
import { parseRecord, serialiseRecord, makeRecord } from '../../src/core/record';
import type { Seat } from '../../src/core/seats';
import type { Tile } from '../../src/core/tiles';
import { D, WIN, X, netOf, play, setupOf } from './game-helpers';

const setup = setupOf();
const WHEN = '2026-11-28T15:00:00.000Z';
const amend = (events: GameEvent[], ...changes: Change[]) => amendEvents(events, setup, changes, WHEN);

/**
 * Type a game the way a host does: a bare tile is the discard of the player in turn (the app gives
 * it her seat and marks it implied, as the table's command line does); an event is typed as is.
 */
const host = (lines: (Tile | GameEvent)[]): GameEvent[] => {
  let s: GameState = newGame(setup);
  for (const l of lines) {
    const e: GameEvent = typeof l === 'string' ? { type: 'discard', seat: s.turn, tile: l, implied: true } : l;
    const r = apply(s, e);
    if (!r.ok) throw new Error(`${JSON.stringify(e)} refused: ${r.error.message}`);
    s = r.value;
  }
  return s.log.slice();
};
const bare = (seat: Seat, tile: Tile): GameEvent => ({ type: 'discard', seat, tile, implied: true });

describe('events typed for the player in turn follow the turn a fix leaves', () => {
  // South's Two Bam was called by West; the host typed North (c n 3), then bare tiles.
  const wrong = host(['1B', '2B', X('N', ['2B', '2B', '2B']), '5B', '6B', '7B', '8B', WIN('E', 30)]);
  const right = host(['1B', '2B', X('W', ['2B', '2B', '2B']), '5B', '6B', '7B', '8B', WIN('E', 30)]);

  test('as typed, the bare tiles went to the wrong players: North first, East wins on West’s Eight Bam', () => {
    expect(wrong.slice(3, 7).map((e) => 'seat' in e && e.seat)).toEqual(['N', 'E', 'S', 'W']);
    expect(outcomeOf(play(wrong)).discarder).toBe('W');
  });

  test('one fix of the call moves every later bare tile with the turn, and the payments follow', () => {
    const r = amend(wrong, { at: 3, action: 'replace', event: X('W', ['2B', '2B', '2B']) });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.events).toEqual(right);
    expect(r.value.moved).toEqual([4, 5, 6, 7]);
    expect(r.value.follows).toBe('Events 4-7 now follow the turn: event 4 is West’s');
    expect(outcomeOf(r.value.state)).toEqual(outcomeOf(play(right)));
    expect(netOf(r.value.state)).toEqual(netOf(play(right)));
    expect(outcomeOf(r.value.state).discarder).toBe('S');
    // The call, then one amendment per event moved: the trail walks back to the game as typed.
    expect(r.value.amendments.map((a) => [a.at, a.action])).toEqual([
      [3, 'replace'],
      [4, 'replace'],
      [5, 'replace'],
      [6, 'replace'],
      [7, 'replace'],
    ]);
    const back = unwindAmendments(r.value.events, r.value.amendments);
    expect(back.ok && back.value).toEqual(wrong);
  });

  test('a forgotten discard put in: the bare tiles after it go back to their players', () => {
    // West's Three Bam was never typed: North's Four Bam went to West, East's Five Bam to North...
    const rightGame = host(['1B', '2B', '3B', '4B', '5B', '6B', WIN('N', 25)]);
    const typed = host(['1B', '2B', '4B', '5B', '6B', WIN('N', 25)]);
    expect(outcomeOf(play(typed)).discarder).toBe('E');
    const r = amend(typed, { at: 3, action: 'insert', event: D('W', '3B') });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.moved).toEqual([4, 5, 6]);
    expect(r.value.events.map((e) => ('seat' in e ? e.seat : ''))).toEqual(rightGame.map((e) => ('seat' in e ? e.seat : '')));
    expect(outcomeOf(r.value.state)).toEqual(outcomeOf(play(rightGame)));
    expect(r.value.follows).toBe('Events 4-6 now follow the turn: event 4 is North’s');
  });

  test('dropping an extra event moves them the other way', () => {
    const typed = host(['1B', '2B', '3B', '9D', '4B', '5B']);
    const r = amend(typed, { at: 4, action: 'delete' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.events).toEqual(host(['1B', '2B', '3B', '4B', '5B']));
    expect(r.value.moved).toEqual([4, 5]);
  });

  test('a typed seat stays; one the new turn leaves out of turn is named with the usual choices', () => {
    // East's Five Bam typed with its seat (e 5b) after North's wrong call: in turn then.
    const typed = host(['1B', '2B', X('N', ['2B', '2B', '2B']), '4B', D('E', '5B'), '6B']);
    const fix: Change = { at: 3, action: 'replace', event: X('W', ['2B', '2B', '2B']) };
    const r = amend(typed, fix);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ kind: 'later', at: 5, event: D('E', '5B'), outOfTurn: true });
    expect(r.error.message).toBe(
      "Event 5, Five Bam by East, is out of turn after this fix: it is now North's turn. Fix it too, or drop it",
    );
    // Fix it too: typed again, it is kept as typed (out of turn, the host says so).
    const kept = amend(typed, fix, { at: 5, action: 'replace', event: D('E', '5B') });
    expect(kept.ok && kept.value.state.floor[3]!.seat).toBe('E');
    // Or make it the player in turn's: a bare tile.
    const moved = amend(typed, fix, { at: 5, action: 'replace', event: bare('N', '5B') });
    expect(moved.ok && moved.value.events.slice(3).map((e) => 'seat' in e && e.seat)).toEqual(['W', 'N', 'E']);
  });

  test('a call by the player whose discard it now is: refused as a later event', () => {
    // After the fix, the Five Bam at 5 is North's; North typed its call at 6 (c n 3).
    const typed = host(['1B', '2B', X('N', ['2B', '2B', '2B']), '4B', '5B', X('N', ['5B', '5B', '5B']), '6B']);
    const r = amend(typed, { at: 3, action: 'replace', event: X('W', ['2B', '2B', '2B']) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ kind: 'later', at: 6, undone: false });
    expect(r.error.message).toMatch(
      /^Event 6, a pung of Five Bam called by North, is no longer legal after this fix\. .+\. Fix it too, or drop it$/,
    );
    // Dropping it: the rest follow again.
    const d = amend(typed, { at: 3, action: 'replace', event: X('W', ['2B', '2B', '2B']) }, { at: 6, action: 'delete' });
    expect(d.ok && d.value.events.slice(3).map((e) => 'seat' in e && e.seat)).toEqual(['W', 'N', 'E']);
  });

  test('a log typed with seats (every older file) moves nothing', () => {
    const typed = [D('E', '1B'), D('S', '2B'), X('N', ['2B', '2B', '2B']), D('N', '5B'), D('E', '6B')];
    const r = amend(typed, { at: 3, action: 'replace', event: X('W', ['2B', '2B', '2B']) });
    // North's typed Five Bam was in turn; now it is West's turn: named, not moved.
    expect(!r.ok && r.error).toMatchObject({ kind: 'later', at: 4, outOfTurn: true });
  });

  test('the page’s view of a waiting fix moves them too', () => {
    const r = applyChanges(wrong, [{ at: 3, action: 'replace', event: X('W', ['2B', '2B', '2B']) }], setup);
    expect(r.ok && r.value).toEqual(right);
    const unjudged = applyChanges(wrong, [{ at: 3, action: 'replace', event: X('W', ['2B', '2B', '2B']) }]);
    expect(unjudged.ok && unjudged.value[3]).toEqual(wrong[3]);
  });

  test('followTurn on a game typed right moves nothing; the sentence for one event', () => {
    expect(followTurn(right, setup).moved).toEqual([]);
    expect(followSentence(right, [4])).toBe('Event 4 now follows the turn: it is West’s');
    expect(followSentence(right, [4, 5, 7])).toBe('Events 4-5 and 7 now follow the turn: event 4 is West’s');
    expect(followSentence(right, [])).toBe('');
  });

  test('the record keeps implied; a file without it reads as typed', () => {
    const rec = makeRecord({ players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'], games: [{ events: right }] });
    const text = serialiseRecord(rec);
    expect(text).toContain('"implied": true');
    const back = parseRecord(text);
    expect(back.ok && back.value.games[0]!.events).toEqual(right);
    const old = parseRecord(text.replaceAll(/,\s*"implied": true/g, ''));
    expect(old.ok && old.value.games[0]!.events.some((e) => 'implied' in e)).toBe(false);
    expect(old.ok && old.value.version).toBe(2);
  });
});
