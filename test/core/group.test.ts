import { describe, expect, test } from 'vitest';
import { sameEvent } from '../../src/core/amend';
import type { GameEvent } from '../../src/core/events';
import { rebuildGroup, type GroupRow } from '../../src/core/group';
import { simulateGame } from '../../tools/sim/game';

/** Rows as a laptop's outbox would send them (device, its own order n). */
const laptop = (device: string) => {
  let n = 0;
  const rows: GroupRow[] = [];
  const row = (kind: string, body: object, madeAt = `2026-11-28T10:00:${String(n).padStart(2, '0')}.000Z`): GroupRow => {
    const r = { id: `${device}-${++n}`, device, n, kind, body, madeAt };
    rows.push(r);
    return r;
  };
  return { rows, row };
};

const PLAYERS = ['p1', 'p2', 'p3', 'p4'];
const played = simulateGame(11, { players: 4, bettor: false, mistakes: false });

/** Laptop A starts a session and records the whole simulated game. */
const recordedOnA = () => {
  const a = laptop('A');
  PLAYERS.forEach((p, i) => a.row('player', { player: p, name: ['Ann', 'Bea', 'Cy', 'Dot'][i], createdAt: '2026-11-28T09:00:00.000Z' }));
  a.row('session', {
    session: 's1',
    createdAt: '2026-11-28T09:00:00.000Z',
    players: PLAYERS,
    setup: { seating: PLAYERS, stakes: { centsPerPoint: 1 }, rules: {} },
  });
  a.row('game', {
    game: 'g1',
    session: 's1',
    number: 1,
    seating: PLAYERS,
    ownSeating: false,
    dice: played.dice,
    startedAt: '2026-11-28T09:00:00.000Z',
  });
  played.events.forEach((event, i) => a.row('event', { game: 'g1', seq: i + 1, event, recordedAt: '2026-11-28T09:00:00.000Z' }));
  return a;
};
const last = played.events.length;
const lastEvent = played.events[last - 1]!;

describe('a group history rebuilt from its rows through the rules engine', () => {
  test('one laptop: the game is its log, replayed to its ending', () => {
    const h = rebuildGroup(recordedOnA().rows);
    expect(h.unread).toEqual([]);
    expect(h.games).toHaveLength(1);
    const g = h.games[0]!;
    expect(g.events).toEqual(played.events);
    expect(g.verdict).toEqual({ ok: true, status: expect.not.stringMatching(/in-progress/) });
    expect(g.disputed).toBeUndefined();
    expect([...h.players.values()].map((p) => p.name)).toEqual(['Ann', 'Bea', 'Cy', 'Dot']);
  });

  test('the rows in any order rebuild the same history', () => {
    const rows = recordedOnA().rows;
    const shuffled = [...rows].reverse();
    for (let i = 0; i < shuffled.length; i++) {
      const j = (i * 7919) % shuffled.length;
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    expect(rebuildGroup(shuffled)).toEqual(rebuildGroup(rows));
  });

  test('an amendment made on another laptop on the game as it stands is applied, not disputed', () => {
    const a = recordedOnA();
    const b = laptop('B');
    b.row('amendment', { game: 'g1', at: last, action: 'delete', was: lastEvent, length: last, when: '2026-11-28T11:00:00.000Z' });
    const g = rebuildGroup([...a.rows, ...b.rows]).games[0]!;
    expect(g.disputed).toBeUndefined();
    expect(g.events).toEqual(played.events.slice(0, -1));
    expect(g.verdict).toEqual({ ok: true, status: 'in-progress' });
  });

  test('two laptops amending the same game differently: disputed, each version kept with who and when', () => {
    const a = recordedOnA();
    const b = laptop('B');
    const c = laptop('C');
    b.row('amendment', { game: 'g1', at: last, action: 'delete', was: lastEvent, length: last, when: 'x' }, '2026-11-28T11:00:00.000Z');
    // C, not having seen B's fix, puts a different event before the ending.
    const put: GameEvent = played.events[last - 2]!;
    c.row('amendment', { game: 'g1', at: last, action: 'insert', event: put, length: last, when: 'y' }, '2026-11-28T11:05:00.000Z');
    const g = rebuildGroup([...c.rows, ...a.rows, ...b.rows]).games[0]!;
    expect(g.disputed?.map((v) => v.device)).toEqual(['A', 'B', 'C']);
    const [onA, onB, onC] = g.disputed!;
    expect(onA!.events).toEqual(played.events);
    expect(onB!.events).toEqual(played.events.slice(0, -1));
    expect(onB!.lastAt).toBe('2026-11-28T11:00:00.000Z');
    expect(onC!.events).toHaveLength(last + 1);
    expect(sameEvent(onC!.events[last - 1], put)).toBe(true);
    // The engine judges each version: C's repeats a discard out of turn and is refused.
    expect(onC!.verdict.ok).toBe(false);
    // The game as shown meanwhile: as it stood before the first change that did not apply (B's applied).
    expect(g.events).toEqual(onB!.events);
  });

  test('two laptops recording a different event at one place: disputed', () => {
    const a = recordedOnA();
    const b = laptop('B');
    const other = played.events.find((e, i) => i > 5 && !sameEvent(e, played.events[5]))!;
    b.row('event', { game: 'g1', seq: 6, event: other, recordedAt: 'z' });
    const g = rebuildGroup([...a.rows, ...b.rows]).games[0]!;
    expect(g.disputed).toHaveLength(2);
    expect(g.disputed![1]!.events).toHaveLength(6);
    expect(g.disputed![1]!.events[5]).toEqual(other);
    // The same event sent twice (a laptop that switched mid-game resent it) changes nothing.
    const c = laptop('C');
    c.row('event', { game: 'g1', seq: 6, event: played.events[5], recordedAt: 'z' });
    expect(rebuildGroup([...a.rows, ...c.rows]).games[0]!.disputed).toBeUndefined();
  });

  test('a row that does not read is listed and changes nothing; the latest rename wins; a removed game goes', () => {
    const a = recordedOnA();
    const b = laptop('B');
    b.row('event', { game: 'g1', seq: last + 1, event: { type: 'no such event' } });
    b.row('rename', { player: 'p1', name: 'Anne', was: 'Ann', at: '2026-11-28T12:00:00.000Z' });
    a.row('rename', { player: 'p1', name: 'Annie', was: 'Ann', at: '2026-11-28T11:00:00.000Z' });
    const h = rebuildGroup([...a.rows, ...b.rows]);
    expect(h.unread.map((u) => u.id)).toEqual(['B-1']);
    expect(h.games[0]!.events).toEqual(played.events);
    expect(h.players.get('p1')!.name).toBe('Anne');
    a.row('game-removed', { game: 'g1', at: 'now' });
    expect(rebuildGroup(a.rows).games).toEqual([]);
  });
});
