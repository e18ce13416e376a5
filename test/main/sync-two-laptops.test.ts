import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { groupHistory } from '../../electron/main/services/groupHistory';
import { startSyncServer, type SyncServer } from '../../tools/sync/server';
import { groupRowsOf, laptop, outboxOf, record, until, type Laptop } from '../../tools/sync/laptop';

/**
 * Two laptops of one group against a real `tursodb --sync-server` on 127.0.0.1, each with its own
 * local SQLite file and its own sync process. Bounded: every wait gives up after 2 minutes, and the
 * server and processes are stopped by the test itself.
 */
// One server per test: a server is one group's database, so no test sees another's rows.
let server: SyncServer;
const open: Laptop[] = [];
beforeEach(async () => {
  server = await startSyncServer();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
  server?.stop();
});

const holdsAll = (l: Laptop, rows: Map<string, string>): boolean => {
  const held = groupRowsOf(l.store);
  return [...rows].every(([id, body]) => held.get(id) === body);
};

describe('a group on a real Turso Sync server', () => {
  test('two laptops record, sync, and both hold every row of both', { timeout: 300_000 }, async () => {
    const a = laptop(server.url);
    const b = laptop(server.url);
    open.push(a, b);
    record(a.store, 1, 30);
    record(b.store, 2, 25, ['Eve', 'Fay', 'Gus', 'Hal']);
    const all = new Map([...outboxOf(a.store), ...outboxOf(b.store)]);
    expect(all.size).toBe(outboxOf(a.store).size + outboxOf(b.store).size);
    a.sync.nudge();
    b.sync.nudge();
    await until('both laptops to hold every row', () => holdsAll(a, all) && holdsAll(b, all));
    await until('both to say Synced', () => a.sync.status().state === 'synced' && b.sync.status().state === 'synced');
    expect(a.sync.status()).toMatchObject({ waiting: 0, lost: 0, overwritten: 0, groupRows: all.size });
    expect(b.sync.status().lastSyncAt).not.toBeNull();
    // Both rebuild the same group history, and each game is exactly its table's own record.
    const onA = groupHistory(a.store);
    expect(groupHistory(b.store)).toEqual(onA);
    expect(onA.games.map((g) => g.events)).toEqual(
      [...onA.games].map((g) => {
        const own = [a, b].find((l) => l.store.db.prepare('SELECT id FROM games WHERE gid = ?').get(g.game))!;
        const { id } = own.store.db.prepare('SELECT id FROM games WHERE gid = ?').get(g.game) as { id: number };
        return own.store.loadEvents(id).map((e) => e.event);
      }),
    );
    expect(onA.games).toHaveLength(2);
  });

  test('a laptop offline keeps recording, counts what waits, and catches up when back', { timeout: 300_000 }, async () => {
    const a = laptop(server.url, 'g2');
    const b = laptop(server.url, 'g2');
    open.push(a, b);
    b.sync.cut(true);
    record(a.store, 3, 20);
    record(b.store, 4, 20, ['Ivy', 'Jo', 'Kit', 'Lou']);
    const waitingOnB = outboxOf(b.store).size;
    await until(
      'B to say Offline with its rows waiting',
      () => b.sync.status().state === 'offline' && b.sync.status().waiting === waitingOnB,
    );
    await until('A to be synced', () => a.sync.status().state === 'synced');
    expect(holdsAll(a, outboxOf(b.store))).toBe(false);
    b.sync.cut(false);
    const all = new Map([...outboxOf(a.store), ...outboxOf(b.store)]);
    await until('both laptops to hold every row', () => holdsAll(a, all) && holdsAll(b, all));
    await until('B to say Synced', () => b.sync.status().state === 'synced' && b.sync.status().waiting === 0);
  });

  test('the sync process killed in the middle of a push, 8 times, loses nothing acknowledged', { timeout: 300_000 }, async () => {
    const a = laptop(server.url, 'g3', 100, 1000);
    open.push(a);
    record(a.store, 100, 60);
    let pushing: (() => void) | undefined;
    a.sync.onPhase((p) => p === 'push' && pushing?.());
    let kills = 0;
    // Each kill waits for a push to start (not for a clock): a busy machine makes this slower, never wrong.
    while (kills < 8) {
      // The table records a game's worth of rows; the next push carries them, and dies in flight.
      record(a.store, 200 + kills, 40);
      const started = new Promise<void>((r) => (pushing = r));
      a.sync.nudge();
      await Promise.race([started, new Promise((_, no) => setTimeout(() => no(new Error('no push started within 60 s')), 60_000))]);
      pushing = undefined;
      const c = a.sync.child()!;
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 40)));
      c.kill();
      kills++;
      await until('the sync process to be started again', () => a.sync.child() !== undefined && a.sync.child() !== c, 120_000);
    }
    await until('the restarted process to send everything', () => a.sync.status().state === 'synced', 120_000);
    expect(a.sync.status().restarts).toBe(8);
    expect(a.sync.status().notice).toMatch(/started again/);
    // A laptop joining afterwards reads the whole group from the server: every row, exactly as written.
    const all = outboxOf(a.store);
    const c = laptop(server.url, 'g3');
    open.push(c);
    await until('a new laptop to hold every row', () => holdsAll(c, all), 120_000);
    expect(groupRowsOf(c.store).size).toBe(all.size);
    expect(a.sync.status()).toMatchObject({ lost: 0, overwritten: 0 });
  });
});
