import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { makeRecord } from '../../src/core/record';
import { tableView, type TableView } from '../../src/core/tableView';
import { D, M, P, R, WIN, X } from './game-helpers';

const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];
const rec = (...games: GameEvent[][]) => makeRecord({ players: PLAYERS, seating: PLAYERS, games: games.map((events) => ({ events })) });
const viewOf = (games: GameEvent[][], storedAt?: number[], staged?: GameEvent[]): TableView => {
  const r = tableView({ record: rec(...games), ...(storedAt ? { storedAt } : {}), ...(staged ? { staged } : {}) });
  if (!r.ok) throw new Error(r.message);
  return r.view;
};

describe('tableView', () => {
  it('before any game: nothing at the table, the first seating next', () => {
    const v = viewOf([]);
    expect(v.phase).toBe('none');
    expect(v.game).toBe(0);
    expect(v.next?.seats.map((s) => s.name)).toEqual(PLAYERS);
  });

  it('an open window on the latest discard, with when it was stored and whose turn it is', () => {
    const v = viewOf([[D('E', '5B')]], [1_000]);
    expect(v.phase).toBe('playing');
    expect(v.live).toMatchObject({ tile: '5B', name: 'Five Bam', seat: 'E', by: 'Ann', open: true, closedBy: null, at: 1_000 });
    expect(v.turn).toBe('S');
    expect(v.seats.find((s) => s.turn)?.name).toBe('Bea');
    expect(v.wall).toBe(99);
    expect(v.updatedAt).toBe(1_000);
  });

  it('the window closes when the next player racks, and the wall count drops with her pick', () => {
    const v = viewOf([[D('E', '5B'), P('S'), R('S')]], [1, 2, 3]);
    expect(v.live).toMatchObject({ tile: '5B', open: false });
    expect(v.live?.closedBy).toMatch(/South/);
    expect(v.wall).toBe(98);
    expect(v.updatedAt).toBe(3);
  });

  it("a call puts the exposure on the caller's seat, takes the discard off and gives her the turn", () => {
    const v = viewOf([[D('E', 'N'), X('W', ['N', 'N', 'N'])]]);
    expect(v.live).toBeNull();
    expect(v.turn).toBe('W');
    const west = v.seats.find((s) => s.seat === 'W')!;
    expect(west.name).toBe('Cy');
    expect(west.exposures).toEqual([{ tile: 'N', tiles: ['N', 'N', 'N'], locked: false }]);
  });

  it('dead and nearly-dead kinds: none unseen, one unseen', () => {
    // Four Norths visible: three exposed, the fourth discarded later. Three Souths discarded.
    const v = viewOf([[D('E', 'N'), X('W', ['N', 'N', 'N']), D('W', 'S'), P('N'), D('N', 'S'), P('E'), D('E', 'S'), P('S'), D('S', 'N')]]);
    expect(v.dead.map((d) => d.tile)).toEqual(['N']);
    expect(v.nearlyDead.map((d) => d.tile)).toEqual(['S']);
    expect(v.nearlyDead[0]).toMatchObject({ name: 'South', unseen: 1 });
  });

  it('after a mah jongg: the ending, the standings best first and the next seating', () => {
    const v = viewOf([[D('E', '5B'), M('N'), WIN('N', 25, { from: 'E' })]]);
    expect(v.phase).toBe('between');
    expect(v.turn).toBeNull();
    expect(v.seats.some((s) => s.turn)).toBe(false);
    expect(v.ending).toMatchObject({ status: 'mahjong', winner: 'Dot', value: 25, selfPick: false, discarder: 'Ann' });
    expect(v.standings[0]).toMatchObject({ name: 'Dot', points: 100 });
    expect(v.standings.at(-1)).toMatchObject({ name: 'Ann', points: -50 });
    expect(v.standings.reduce((a, s) => a + s.points, 0)).toBe(0);
    // East moves one chair to the right after every game.
    expect(v.next?.seats.map((s) => s.name)).toEqual(['Bea', 'Cy', 'Dot', 'Ann']);
  });

  it('shows the last game of the session, numbered', () => {
    const v = viewOf([[{ type: 'wallGame' }], [D('E', '2C')]]);
    expect(v.game).toBe(2);
    expect(v.seats[0]).toMatchObject({ seat: 'E', name: 'Bea' });
    expect(v.live?.by).toBe('Bea');
  });

  it('a record that does not replay is refused with the reason, not drawn', () => {
    const r = tableView({ record: rec([D('S', '5B'), D('S', '5B'), { type: 'wallGame' }]) });
    expect(r.ok).toBe(false);
  });

  it('is plain data: the same after a JSON round trip', () => {
    const v = viewOf([[D('E', 'N'), X('W', ['N', 'N', 'J'])]], [5, 6]);
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  it('after a call: who called whose discard, until she discards', () => {
    const v = viewOf([[D('E', 'N'), X('W', ['N', 'N', 'N'])]]);
    expect(v.called).toEqual({ tile: 'N', name: 'North', seat: 'W', by: 'Cy', from: 'Ann', group: 'pung' });
    expect(v.latest).toBe('Cy called Ann’s North: a pung');
    const after = viewOf([[D('E', 'N'), X('W', ['N', 'N', 'N']), D('W', '2C')]]);
    expect(after.called).toBeNull();
    expect(after.live?.by).toBe('Cy');
  });

  it('a dead hand is said the moment it is recorded', () => {
    const v = viewOf([[D('E', 'N'), { type: 'dead', seat: 'S', by: 'W' }]]);
    expect(v.latest).toBe('Bea’s hand is dead (called by Cy)');
    expect(v.seats.find((s) => s.seat === 'S')?.dead).toBe(true);
  });

  it('a mah jongg typed but not confirmed: the ending and its payout sheet, proposed; the standings wait', () => {
    const v = viewOf([[D('E', '5B')]], undefined, [M('N'), WIN('N', 25, { from: 'E' })]);
    expect(v.phase).toBe('between');
    expect(v.ending).toMatchObject({ status: 'mahjong', winner: 'Dot', value: 25, confirmed: false });
    expect(v.ending?.payout.map((l) => `${l.from}>${l.to} ${l.paid}`)).toEqual(['Ann>Dot 50', 'Bea>Dot 25', 'Cy>Dot 25']);
    expect(v.standings.every((s) => s.points === 0)).toBe(true);
    expect(v.next).toBeNull();
    // Once in the record: confirmed, the standings move, the next seating shows.
    const done = viewOf([[D('E', '5B'), M('N'), WIN('N', 25, { from: 'E' })]]);
    expect(done.ending).toMatchObject({ confirmed: true });
    expect(done.ending?.payout).toEqual(v.ending?.payout);
    expect(done.next).not.toBeNull();
  });

  it('a staged ending that no longer ends the game is left out', () => {
    const v = viewOf([[D('E', '5B')]], undefined, [{ type: 'retract' }]);
    expect(v.phase).toBe('playing');
    expect(v.ending).toBeNull();
  });

  it('money beside points: each payment and standing in cents at the stake, exact', () => {
    const record = makeRecord({
      players: PLAYERS,
      seating: PLAYERS,
      centsPerPoint: 2.5,
      games: [{ events: [D('E', '5B'), M('N'), WIN('N', 25, { from: 'E' })] }],
    });
    const r = tableView({
      record,
      chips: [
        { colour: 'white', points: 1 },
        { colour: 'blue', points: 10 },
      ],
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.view.centsPerPoint).toBe(2.5);
    expect(r.view.chips.map((c) => c.colour)).toEqual(['blue', 'white']);
    expect(r.view.ending?.payout.find((l) => l.from === 'Bea')).toMatchObject({ paid: 25, cents: 62.5 });
    expect(r.view.standings.find((s) => s.name === 'Dot')).toMatchObject({ points: 100, cents: 250 });
  });

  it('the pie caps the proposed sheet as it caps the record', () => {
    const record = makeRecord({ players: PLAYERS, seating: PLAYERS, centsPerPoint: 1, pie: 30, games: [{ events: [D('E', '5B')] }] });
    const r = tableView({ record, staged: [M('N'), WIN('N', 25, { from: 'E' })] });
    if (!r.ok) throw new Error(r.message);
    const ann = r.view.ending!.payout.find((l) => l.from === 'Ann')!;
    expect(ann).toMatchObject({ points: 50, paid: 30, cents: 30 });
  });
});
