import { describe, expect, test } from 'vitest';
import { rebuildGroup, type GroupRow } from '../../src/core/group';
import { groupTables, sameNameOffers } from '../../src/core/groupStandings';
import { simulateGame } from '../../tools/sim/game';

/** Rows as a laptop's outbox would send them (device, its own order n). */
const laptop = (device: string) => {
  let n = 0;
  const rows: GroupRow[] = [];
  const row = (kind: string, body: object, madeAt = `2026-11-28T10:00:${String(n).padStart(2, '0')}.000Z`) =>
    void rows.push({ id: `${device}-${++n}`, device, n, kind, body, madeAt });
  return { rows, row };
};

/** A laptop that recorded a whole simulated game with these players (global ids) and names. */
const table = (device: string, seed: number, players: string[], names: string[], at = '2026-11-28T09:00:00.000Z') => {
  const l = laptop(device);
  const played = simulateGame(seed, { players: 4, bettor: false, mistakes: false });
  players.forEach((p, i) => l.row('player', { player: p, name: names[i], createdAt: at }));
  l.row('session', {
    session: `s-${device}`,
    createdAt: at,
    players,
    setup: { seating: players, stakes: { centsPerPoint: 1 }, rules: {} },
  });
  l.row('game', {
    game: `g-${device}`,
    session: `s-${device}`,
    number: 1,
    seating: players,
    ownSeating: false,
    dice: played.dice,
    startedAt: at,
  });
  played.events.forEach((event, i) => l.row('event', { game: `g-${device}`, seq: i + 1, event, recordedAt: at }));
  return { ...l, events: played.events };
};

const shuffle = <T>(xs: T[]): T[] => {
  const s = [...xs].reverse();
  for (let i = 0; i < s.length; i++) {
    const j = (i * 7919) % s.length;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  return s;
};

describe('the group chooses a disputed game’s version; players linked as one', () => {
  const a = table('A', 21, ['p1', 'p2', 'p3', 'p4'], ['Ann', 'Bea', 'Cy', 'Dot']);
  const last = a.events.length;
  const b = laptop('B');
  // B drops the ending; C, not having seen it, drops the event before: the game is disputed.
  b.row(
    'amendment',
    { game: 'g-A', at: last, action: 'delete', was: a.events[last - 1], length: last, when: 'x' },
    '2026-11-28T11:00:00.000Z',
  );
  const c = laptop('C');
  c.row(
    'amendment',
    { game: 'g-A', at: last - 1, action: 'delete', was: a.events[last - 2], length: last, when: 'y' },
    '2026-11-28T11:01:00.000Z',
  );

  test('a choice makes the game that version, the latest choice wins, in any order of rows', () => {
    const open = rebuildGroup([...a.rows, ...b.rows, ...c.rows]).games[0]!;
    expect(open.disputed?.map((v) => v.device)).toEqual(['A', 'B', 'C']);
    expect(open.chosen).toBeUndefined();
    expect(groupTables(rebuildGroup([...a.rows, ...b.rows, ...c.rows])).games[0]!.disputed).toBe(true);

    b.row('choice', { game: 'g-A', device: 'A', at: '2026-11-28T12:00:00.000Z' });
    c.row('choice', { game: 'g-A', device: 'B', at: '2026-11-28T12:05:00.000Z' });
    // A choice naming a laptop with no version of the game changes nothing.
    a.row('choice', { game: 'g-A', device: 'Z', at: '2026-11-28T13:00:00.000Z' });
    const h2 = rebuildGroup([...a.rows, ...b.rows, ...c.rows]);
    const g2 = h2.games[0]!;
    expect(g2.chosen).toEqual({ device: 'B', by: 'C', at: '2026-11-28T12:05:00.000Z' });
    expect(g2.events).toEqual(a.events.slice(0, -1));
    expect(g2.disputed).toHaveLength(3); // every version still shown
    expect(rebuildGroup(shuffle([...a.rows, ...b.rows, ...c.rows]))).toEqual(h2);
    expect(groupTables(h2).games[0]!.disputed).toBe(false);
  });

  test('same-name players are offered, linked as one person, and counted once in the standings', () => {
    const x = table('X', 31, ['q1', 'q2', 'q3', 'q4'], ['Ann', 'Bea', 'Cy', 'Dot'], '2026-11-28T08:00:00.000Z');
    const y = table('Y', 32, ['r1', 'r2', 'r3', 'r4'], ['ann ', 'Eve', 'Fay', 'Gus'], '2026-11-28T09:00:00.000Z');
    const before = rebuildGroup([...x.rows, ...y.rows]);
    expect(sameNameOffers(before)).toEqual([{ player: 'q1', same: 'r1', name: 'ann ' }]);
    const t0 = groupTables(before);
    for (const g of t0.games) expect(Object.values(g.net).reduce((s, p) => s + p, 0)).toBe(0);
    y.row('same-person', { player: 'r1', same: 'q1', at: '2026-11-28T10:00:00.000Z' });
    const after = rebuildGroup(shuffle([...x.rows, ...y.rows]));
    expect(after.same.get('r1')).toBe('q1'); // the older id
    expect(sameNameOffers(after)).toEqual([]);
    const t = groupTables(after);
    const ann = t.standings.filter((s) => s.player === 'q1');
    expect(ann).toHaveLength(1);
    expect(ann[0]!.games).toBe(2);
    expect(t.standings).toHaveLength(7);
    const annBefore = t0.standings.filter((s) => s.player === 'q1' || s.player === 'r1').reduce((s, r) => s + r.points, 0);
    expect(ann[0]!.points).toBe(annBefore);
    expect(t.standings.reduce((s, r) => s + r.points, 0)).toBe(0);
  });
});
