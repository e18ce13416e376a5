import { afterEach, beforeEach, expect, test } from 'vitest';
import { joinGroup, groupFile } from '../../electron/main/store/group.repo';
import { openStore, type Store } from '../../electron/main/store/store';
import { openGroupDb, type GroupDb } from '../../electron/main/sync/group-db';
import { syncRound, type RoundState } from '../../electron/main/sync/round';
import { startSyncServer, type SyncServer } from '../../tools/sync/server';
import { outboxOf, record } from '../../tools/sync/laptop';
import { tempDir } from './tmp';

/**
 * The round's cursor (docs/groups.md), against a real `tursodb --sync-server` on 127.0.0.1: two
 * laptops run rounds in this process (the same syncRound the sync process runs), and each round
 * reads from the group file only the rows it had not copied yet.
 */
let server: SyncServer;
const cleanup: (() => Promise<void> | void)[] = [];
beforeEach(async () => {
  server = await startSyncServer();
});
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
  server?.stop();
});

const laptopInProcess = async (): Promise<{ store: Store; group: GroupDb; st: RoundState; round: () => Promise<void> }> => {
  const t = tempDir();
  const store = openStore(t.db);
  joinGroup(store, { groupId: 'cursor', name: 'Cursor group', url: server.url });
  const group = await openGroupDb(`${t.dir}/group.db`, () => server.url);
  cleanup.push(
    t.cleanup,
    () => store.close(),
    () => group.close(),
  );
  const st: RoundState = { lost: 0, overwritten: 0, lastSyncAt: null };
  return { store, group, st, round: async () => void (await syncRound(groupFile(store.db), group, true, st)) };
};

test('a round reads only the rows it has not copied, and one missing below the cursor is found', { timeout: 180_000 }, async () => {
  const a = await laptopInProcess();
  const b = await laptopInProcess();
  record(a.store, 1, 40);
  await a.round();
  const first = groupFile(a.store.db).mirrored();
  expect(first).toBe(outboxOf(a.store).size);
  expect(a.st.read).toBe(first);

  // B records a game and sends it; A's next round reads B's rows and nothing else.
  record(b.store, 2, 30, ['Eve', 'Fay', 'Gus', 'Hal']);
  await b.round();
  const fromB = outboxOf(b.store).size;
  await a.round();
  expect(groupFile(a.store.db).mirrored()).toBe(first + fromB);
  expect(a.st.read).toBe(first + fromB);
  // A round with nothing new reads nothing.
  await a.round();
  expect(a.st.read).toBe(first + fromB);

  // A row gone from A's copy (below the cursor): the counts differ, and one full pass restores it.
  const gone = [...outboxOf(b.store).keys()][3]!;
  a.store.db.prepare('DELETE FROM group_rows WHERE id = ?').run(gone);
  record(b.store, 3, 5, ['Eve', 'Fay', 'Gus', 'Hal']);
  await b.round();
  await a.round();
  const all = new Map([...outboxOf(a.store), ...outboxOf(b.store)]);
  const held = new Map(
    groupFile(a.store.db)
      .rows()
      .map((r) => [r.id, r.body]),
  );
  expect(held).toEqual(all);
  expect(a.st).toMatchObject({ lost: 0, overwritten: 0 });
  // A new round of the same process continues from the end; a new process starts from the end too.
  const fresh: RoundState = { lost: 0, overwritten: 0, lastSyncAt: null };
  await syncRound(groupFile(a.store.db), a.group, true, fresh);
  expect(fresh.read ?? 0).toBe(0);
  expect(fresh.cursor).toBe(a.st.cursor);
});
