import { describe, expect, test } from 'vitest';
import { amendEvents, describeAmendment, unwindAmendments, type Change } from '../../src/core/amend';
import type { GameEvent } from '../../src/core/events';
import { outcomeOf } from '../../src/core/game';
import { D, M, RETRACT, WIN, X, discards, play, setupOf } from './game-helpers';

const setup = setupOf();
const WHEN = '2026-11-25T07:00:00.000Z';
const amend = (events: GameEvent[], ...changes: Change[]) => amendEvents(events, setup, changes, WHEN);

describe('amending an event in place', () => {
  // Events 1..12: E S W N round three times, tiles 1B 2B ... (see game-helpers `discards`).
  const game = discards('E', 12);

  test('a discard ten events back becomes another tile: the game replays, the sentence says what changed', () => {
    const r = amend(game, { at: 2, action: 'replace', event: D('S', '7D') });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.events[1]).toEqual(D('S', '7D'));
    expect(r.value.state.floor[1]!.tile).toBe('7D');
    expect(r.value.state.tiles['7D'].discarded).toBe(1);
    expect(r.value.state.tiles['2B'].discarded).toBe(0);
    expect(r.value.amendments).toEqual([{ at: 2, action: 'replace', event: D('S', '7D'), was: D('S', '2B'), length: 12, when: WHEN }]);
    expect(describeAmendment(r.value.amendments[0]!)).toBe('Fixed: event 2, Two Bam by South is now Seven Dot by South');
  });

  test('the result is the state of the same game typed right', () => {
    const right = game.slice();
    right[4] = D('E', '9D');
    const r = amend(game, { at: 5, action: 'replace', event: D('E', '9D') });
    expect(r.ok && JSON.stringify(r.value.state)).toBe(JSON.stringify(play(right)));
  });

  test('a forgotten discard put in before an event, and an extra one dropped', () => {
    // South's discard was never typed: 1B by East, then West's 3B: insert South's before it.
    const typed = [D('E', '1B'), D('W', '3B')];
    const ins = amend(typed, { at: 2, action: 'insert', event: D('S', '2B') });
    expect(ins.ok && ins.value.events).toEqual([D('E', '1B'), D('S', '2B'), D('W', '3B')]);
    expect(ins.ok && ins.value.state.live?.outOfTurn).toBe(false);
    const del = amend(game, { at: 12, action: 'delete' });
    expect(del.ok && del.value.events.length).toBe(11);
    expect(del.ok && describeAmendment(del.value.amendments[0]!)).toBe('Fixed: event 12, Three Crak by North, is dropped');
  });

  test('a later event made illegal is named in a sentence, with the choice to fix it or drop it; nothing is applied', () => {
    // West calls South's Seven Bam; the fix says South discarded a Seven Dot.
    const g = [D('E', '1B'), D('S', '7B'), X('W', ['7B', '7B', '7B']), D('W', '9C')];
    const r = amend(g, { at: 2, action: 'replace', event: D('S', '7D') });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ kind: 'later', at: 3, event: X('W', ['7B', '7B', '7B']), undone: false });
    expect(r.error.kind === 'later' && r.error.message).toMatch(
      /^Event 3, a pung of Seven Bam called by West, is no longer legal after this fix\. .+\. Fix it too, or drop it$/,
    );
    // Fix it too: the call is of the Seven Dot.
    const fixed = amend(
      g,
      { at: 2, action: 'replace', event: D('S', '7D') },
      { at: 3, action: 'replace', event: X('W', ['7D', '7D', '7D']) },
    );
    expect(fixed.ok && fixed.value.state.exposures.W[0]!.tile).toBe('7D');
    // Or drop it: West's discard is then out of turn, which the engine accepts and marks.
    const dropped = amend(g, { at: 2, action: 'replace', event: D('S', '7D') }, { at: 3, action: 'delete' });
    expect(dropped.ok && dropped.value.events).toEqual([D('E', '1B'), D('S', '7D'), D('W', '9C')]);
  });

  test('a corrected event that is illegal where it stands is refused with its own sentence', () => {
    const r = amend(game, { at: 3, action: 'replace', event: X('S', ['2B', '2B', '2B']) });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ kind: 'change', index: 0 });
    expect(!r.ok && r.error.message).toMatch(/^A pung of Two Bam called by South cannot be event 3: .+/);
  });

  test('no such event, an undo, an undone event: refused with a sentence', () => {
    const g = [D('E', '1B'), D('S', '2B'), RETRACT, D('S', '3B')];
    const msg = (c: Change) => {
      const r = amend(g, c);
      return r.ok ? '' : r.error.message;
    };
    expect(msg({ at: 9, action: 'delete' })).toBe('There is no event 9: the game has 4 events');
    expect(msg({ at: 3, action: 'replace', event: D('S', '4B') })).toMatch(/^Event 3 is an undo/);
    expect(msg({ at: 2, action: 'replace', event: D('S', '4B') })).toBe(
      'Event 2, Two Bam by South, was taken back by event 3: there is nothing to fix',
    );
  });

  test('dropping an undone event drops its undo too, so no other event is taken back instead', () => {
    const g = [D('E', '1B'), D('S', '2B'), RETRACT, D('S', '3B')];
    const r = amend(g, { at: 2, action: 'delete' });
    expect(r.ok && r.value.events).toEqual([D('E', '1B'), D('S', '3B')]);
    expect(r.ok && r.value.amendments.map((a) => [a.action, a.at])).toEqual([
      ['delete', 2],
      ['delete', 2],
    ]);
  });

  test('a confirmed ending amended: the hand was worth 35, not 25', () => {
    const g = [D('E', '1B'), D('S', '2B'), M('W'), WIN('W', 25, { from: 'S' })];
    const r = amend(g, { at: 4, action: 'replace', event: WIN('W', 35, { from: 'S' }) });
    expect(r.ok && outcomeOf(r.value.state).value).toBe(35);
  });

  test('the audit trail walks back to the game as first typed, and a tampered one is caught', () => {
    const r = amend(
      game,
      { at: 2, action: 'replace', event: D('S', '7D') },
      { at: 5, action: 'insert', event: D('W', '8D') },
      { at: 13, action: 'delete' },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // Two more events typed after the fix.
    const now = [...r.value.events, D('N', '9D'), D('E', '1D')];
    expect(unwindAmendments(now, r.value.amendments)).toEqual({ ok: true, value: game });
    const forged = r.value.amendments.map((a, i) => (i === 0 ? { ...a, event: D('S', '6D') } : a));
    const bad = unwindAmendments(now, forged);
    expect(!bad.ok && bad.error.message).toBe('amendment 1 (event 2) does not match the events: event 2 is not what it says it became');
  });

  test('the log given is never changed', () => {
    const g = game.slice();
    amend(g, { at: 2, action: 'delete' });
    expect(g).toEqual(game);
  });
});
