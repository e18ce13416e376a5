import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { groupFile, joinGroup } from '../../electron/main/store/group.repo';
import { openStore, type Store } from '../../electron/main/store/store';
import { forkNode } from '../../electron/main/sync/node-child';
import { superviseSync, type GroupSync, type SyncChild } from '../../electron/main/sync/supervisor';
import { simulateGame } from '../sim/game';

export const SYNC_ENTRY = resolve(import.meta.dirname, '../../electron/main/sync/process.ts');

/** One laptop: its own local file (a real store) and its sync process (a Node child, run through tsx). */
export interface Laptop {
  store: Store;
  sync: GroupSync;
  dir: string;
  close(): Promise<void>;
}

/**
 * A laptop of a group for tests and the bench: a real store in a temp folder, joined to the
 * group at `url`, and its sync process started (restarted quickly when killed). `close()` stops
 * the process and removes the folder. `spawn`: where its sync loop runs (its own process by
 * default; the league bench puts several laptops' loops in one host, tools/sync/hosts.ts).
 */
export const laptop = (
  url: string,
  groupId = 'g1',
  everyMs = 300,
  restartMaxMs = 2000,
  spawn: () => SyncChild = () => forkNode(SYNC_ENTRY, ['--import', 'tsx']),
): Laptop => {
  const dir = mkdtempSync(join(tmpdir(), 'mahjmate-laptop-'));
  const t = { dir, db: join(dir, 'mahjmate.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  const store = openStore(t.db);
  joinGroup(store, { groupId, name: 'Tuesday group', url });
  const sync = superviseSync({
    spawn,
    localPath: t.db,
    groupPath: join(t.dir, 'group.db'),
    everyMs,
    restartMs: 100,
    restartMaxMs,
  });
  return {
    store,
    sync,
    dir: t.dir,
    close: async () => {
      await sync.stop();
      store.close();
      t.cleanup();
    },
  };
};

const SEATING = ['Ann', 'Bea', 'Cy', 'Dot'];

/** A session with a simulated game's first `n` events, recorded as the table does (one commit each). */
export const record = (store: Store, seed: number, n: number, players = SEATING) => {
  const g = simulateGame(seed, { players: 4, bettor: false, mistakes: false });
  const session = store.createSession({ players, seating: players });
  const game = store.addGame(session.id, players, undefined, false, g.dice);
  for (const e of g.events.slice(0, n)) store.appendEvent(game.id, e);
  return { session, game, events: g.events };
};

/** Every outbox row of a laptop: id -> body. */
export const outboxOf = (s: Store): Map<string, string> =>
  new Map((s.db.prepare('SELECT id, body FROM outbox').all() as { id: string; body: string }[]).map((r) => [r.id, r.body]));

/** The group's rows a laptop holds: id -> body. */
export const groupRowsOf = (s: Store): Map<string, string> =>
  new Map(
    groupFile(s.db)
      .rows()
      .map((r) => [r.id, r.body]),
  );

/** Wait until `ok()` holds, checking every `every` ms; throw after `ms`. */
export const until = async (what: string, ok: () => boolean, ms = 120_000, every = 50): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
};
