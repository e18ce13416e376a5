import { describe, expect, test } from 'vitest';
import { amendEvents } from '../../src/core/amend';
import { makeRecord, parseRecord, replaySession, serialiseRecord } from '../../src/core/record';
import { D, M, WIN, discards, setupOf } from './game-helpers';

/** A table record carries each game's amendments; reading checks them against the events; replay reports them. */

const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };
const typed = [...discards('E', 12), M('W'), WIN('W', 25, { from: 'N' })];
const right = typed.map((e, i) => (i === 1 ? D('S', '7D') : i === 13 ? WIN('W', 35, { from: 'N' }) : e));
const fixed = amendEvents(
  typed,
  setupOf(),
  [
    { at: 2, action: 'replace', event: D('S', '7D') },
    { at: 14, action: 'replace', event: WIN('W', 35, { from: 'N' }) },
  ],
  '2026-11-25T07:00:00.000Z',
);
if (!fixed.ok) throw new Error(fixed.error.message);
const amended = makeRecord({ ...four, games: [{ events: fixed.value.events, amendments: fixed.value.amendments }] });

describe('an amended record', () => {
  test('writes its amendments after the events, reads back the same, and serialises to the same text', () => {
    const text = serialiseRecord(amended);
    expect(text).toContain('"amendments": [');
    const back = parseRecord(text);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.games[0]!.amendments).toEqual(fixed.value.amendments);
    expect(serialiseRecord(back.value)).toBe(text);
  });

  test('replays to the game typed right, and replay lists the fixes', () => {
    const a = replaySession(amended);
    const b = replaySession(makeRecord({ ...four, games: [{ events: right }] }));
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    const { amendments, ...game } = a.value.games[0]!;
    expect(game).toEqual(b.value.games[0]);
    expect(a.value.session).toEqual(b.value.session);
    expect(amendments).toEqual([
      'Fixed: event 2, Two Bam by South is now Seven Dot by South (2026-11-25T07:00:00.000Z)',
      'Fixed: event 14, mah jongg by West (25) is now mah jongg by West (35) (2026-11-25T07:00:00.000Z)',
    ]);
    expect(b.value.games[0]!.amendments).toBeUndefined();
  });

  test('a trail that does not match its events, or a malformed one, is refused naming the game', () => {
    const doc = JSON.parse(serialiseRecord(amended));
    doc.games[0].amendments[0].event.tile = '6D';
    expect(parseRecord(JSON.stringify(doc))).toEqual({
      ok: false,
      error: { game: 1, message: 'amendment 1 (event 2) does not match the events: event 2 is not what it says it became' },
    });
    for (const [field, value, message] of [
      ['action', 'undo', /^amendment 1: action must be replace, delete, insert/],
      ['at', 0, /^amendment 1: at must be an event position/],
      ['when', 'yesterday', /^amendment 1: when must be a date and time/],
      ['was', { type: 'discard', seat: 'S', tile: '10B' }, /^amendment 1: was: .*"10B" is not a tile/],
    ] as const) {
      const d = JSON.parse(serialiseRecord(amended));
      d.games[0].amendments[0][field] = value;
      const r = parseRecord(JSON.stringify(d));
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.game).toBe(1);
      expect(!r.ok && r.error.message).toMatch(message);
    }
  });
});
