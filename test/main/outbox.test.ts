import { afterEach, describe, expect, test } from 'vitest';
import { asGroupRow } from '../../electron/main/services/groupHistory';
import { amendmentsRepo } from '../../electron/main/store/amendments.repo';
import { rebuildGroup } from '../../src/core/group';
import { groupFile, joinGroup, leaveGroup } from '../../electron/main/store/group.repo';
import { openStore, type Store } from '../../electron/main/store/store';
import { simulateGame } from '../../tools/sim/game';
import { tempDir } from './tmp';

const setup4 = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };
const link = { groupId: 'g1', name: 'Tuesday group', url: 'http://127.0.0.1:1' };

let t: ReturnType<typeof tempDir>;
let store: Store | undefined;
afterEach(() => {
  store?.close();
  store = undefined;
  t?.cleanup();
});

const outbox = (s: Store) =>
  (
    s.db.prepare('SELECT id, kind, body, sent_at FROM outbox ORDER BY n').all() as {
      id: string;
      kind: string;
      body: string;
      sent_at: string | null;
    }[]
  ).map((r) => ({
    ...r,
    body: JSON.parse(r.body) as Record<string, unknown>,
  }));

/** A session with one simulated game's first `n` events. */
const play = (s: Store, n: number) => {
  const g = simulateGame(7, { players: 4, bettor: false, mistakes: false });
  const session = s.createSession(setup4);
  const game = s.addGame(session.id, setup4.seating, undefined, false, g.dice);
  for (const e of g.events.slice(0, n)) s.appendEvent(game.id, e);
  return { session, game, events: g.events };
};

describe('the group outbox in the local file', () => {
  test('with no group joined, writes leave no outbox row (the file grows as before)', () => {
    t = tempDir();
    store = openStore(t.db);
    play(store, 10);
    store.renamePlayer(store.listPlayers()[0]!.id, 'Anne');
    expect(outbox(store)).toEqual([]);
    expect(groupFile(store.db).link()).toBeNull();
  });

  test('joining sends the whole history, in order, each row under its own random id', () => {
    t = tempDir();
    store = openStore(t.db);
    const { events } = play(store, 12);
    const joined = joinGroup(store, link);
    const rows = outbox(store);
    expect(rows.map((r) => r.kind)).toEqual([...Array(4).fill('player'), 'session', 'game', ...Array(12).fill('event')]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    rows.forEach((r) => expect(r.id).toMatch(/^[0-9a-f]{32}$/));
    const game = rows.find((r) => r.kind === 'game')!.body;
    const players = rows.filter((r) => r.kind === 'player').map((r) => r.body.player);
    expect(game.seating).toEqual(players);
    expect(rows.filter((r) => r.kind === 'event').map((r) => r.body.event)).toEqual(events.slice(0, 12));
    expect(groupFile(store.db).link()).toMatchObject({ ...link, device: joined.device });
    expect(groupFile(store.db).waiting()).toBe(rows.length);
  });

  test('once joined, each acknowledged write leaves its row in the same transaction', () => {
    t = tempDir();
    store = openStore(t.db);
    joinGroup(store, link);
    const { game, events } = play(store, 5);
    const before = outbox(store).length;
    store.appendEvent(game.id, events[5]!);
    const last = outbox(store).at(-1)!;
    expect(outbox(store).length).toBe(before + 1);
    expect(last).toMatchObject({ kind: 'event', body: { seq: 6, event: events[5] }, sent_at: null });
    // A refused write (a stale page) leaves nothing.
    expect(() => store!.appendEvent(game.id, events[6]!, 3)).toThrow(/moved on/);
    expect(outbox(store).length).toBe(before + 1);
    // An outbox row that cannot be written takes the write with it.
    store.db.exec("CREATE TEMP TRIGGER no_outbox BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    expect(() => store!.appendEvent(game.id, events[6]!)).toThrow(/disk full/);
    expect(store.lastSeq(game.id)).toBe(6);
    store.db.exec('DROP TRIGGER temp.no_outbox');
    // Renames, amendments and a removed game are rows too.
    store.renamePlayer(store.listPlayers().find((p) => p.name === 'Bea')!.id, 'Beatrice');
    const log = store.loadEvents(game.id).map((e) => e.event);
    amendmentsRepo(store).amend(
      game.id,
      log.slice(0, 5),
      [{ at: 6, action: 'delete', was: log[5]!, length: 6, when: new Date().toISOString() }],
      6,
    );
    store.deleteGame(game.id);
    expect(
      outbox(store)
        .slice(-3)
        .map((r) => [r.kind, r.body.name ?? r.body.action ?? null]),
    ).toEqual([
      ['rename', 'Beatrice'],
      ['amendment', 'delete'],
      ['game-removed', null],
    ]);
  });

  test('leaving keeps the history and stops the rows', () => {
    t = tempDir();
    store = openStore(t.db);
    joinGroup(store, link);
    expect(() => joinGroup(store!, link)).toThrow(/already in a group/);
    leaveGroup(store);
    const n = outbox(store).length;
    play(store, 3);
    expect(outbox(store).length).toBe(n);
    expect(store.listSessions()).toHaveLength(1);
  });
});

describe('the outbox replayed by the engine', () => {
  test("a laptop's rows rebuild its own games exactly, amendments and later events included", () => {
    t = tempDir();
    store = openStore(t.db);
    const before = play(store, 8); // recorded before the join: sent as history
    const { device } = joinGroup(store, link);
    const { game, events } = play(store, 30);
    const log = store.loadEvents(game.id).map((e) => e.event);
    amendmentsRepo(store).amend(
      game.id,
      log.slice(0, 29),
      [{ at: 30, action: 'delete', was: log[29]!, length: 30, when: new Date().toISOString() }],
      30,
    );
    store.appendEvent(game.id, events[29]!);
    store.appendEvent(game.id, events[30]!);
    const rows = (
      store.db.prepare('SELECT n, id, kind, body, made_at FROM outbox').all() as {
        n: number;
        id: string;
        kind: string;
        body: string;
        made_at: string;
      }[]
    ).map((r) => asGroupRow({ ...r, device }));
    const h = rebuildGroup(rows);
    expect(h.unread).toEqual([]);
    expect(h.games.map((g) => g.events)).toEqual([before.game.id, game.id].map((id) => store!.loadEvents(id).map((e) => e.event)));
    expect(h.games.every((g) => g.disputed === undefined && g.verdict.ok)).toBe(true);
  });
});
