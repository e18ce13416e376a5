import { closeSync, openSync, readdirSync, writeFileSync, writeSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { APPLICATION_ID } from '../../electron/main/store/db';
import { LATEST_VERSION, MIGRATIONS } from '../../electron/main/store/migrations';
import { openSqlite } from '../../electron/main/store/sqlite';
import { openStore, StoreError, type Store } from '../../electron/main/store/store';
import { tempDir } from './tmp';

/** "MJMT": the application id MahjMate writes in every database file's header. */
const EXPECTED_APPLICATION_ID = 0x4d4a4d54;
const setup4 = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };

let t: ReturnType<typeof tempDir>;
let store: Store | undefined;
afterEach(() => {
  store?.close();
  store = undefined;
  t?.cleanup();
});

describe('store on a real SQLite file', () => {
  test('a fresh file gets WAL, synchronous=FULL, foreign keys, our application_id and the schema', () => {
    t = tempDir();
    store = openStore(t.db);
    store.close();
    store = undefined;
    const db = openSqlite(t.db);
    const one = (sql: string) => Object.values(db.prepare(sql).get() as object)[0];
    expect(one('PRAGMA journal_mode')).toBe('wal');
    expect(one('PRAGMA application_id')).toBe(APPLICATION_ID);
    expect(one('SELECT max(version) FROM schema_version')).toBe(LATEST_VERSION);
    const tables = (db.prepare("SELECT name FROM sqlite_schema WHERE type='table' ORDER BY name").all() as { name: string }[]).map(
      (r) => r.name,
    );
    expect(tables).toEqual(expect.arrayContaining(['events', 'games', 'players', 'schema_version', 'session_players', 'sessions']));
    db.close();
    // The connection settings are per connection: check them on the store's own.
    store = openStore(t.db);
    expect(store.startup.setAside).toBeNull();
    const own = (sql: string) => Object.values(store!.db.prepare(sql).get() as object)[0];
    expect(own('PRAGMA synchronous')).toBe(2); // FULL
    expect(own('PRAGMA foreign_keys')).toBe(1);
    expect(own('PRAGMA journal_mode')).toBe('wal');
    expect(own('PRAGMA application_id')).toBe(EXPECTED_APPLICATION_ID);
    expect(APPLICATION_ID).toBe(EXPECTED_APPLICATION_ID);
  });

  test('players: add, rename, retire; duplicates refused whatever the case', () => {
    t = tempDir();
    store = openStore(t.db);
    const ann = store.addPlayer('Ann');
    store.addPlayer('Bea');
    expect(() => store!.addPlayer('ann')).toThrow(/already a player named "ann"/);
    expect(store.renamePlayer(ann.id, 'Annie').name).toBe('Annie');
    expect(() => store!.renamePlayer(ann.id, 'BEA')).toThrow(StoreError);
    expect(store.retirePlayer(ann.id).retired).toBe(true);
    expect(store.listPlayers().map((p) => [p.name, p.retired])).toEqual([
      ['Bea', false],
      ['Annie', true],
    ]);
    expect(() => store!.retirePlayer(999)).toThrow(/no player with id 999/);
  });

  test('sessions, games and events survive closing and reopening the file', () => {
    t = tempDir();
    store = openStore(t.db);
    const s = store.createSession(setup4, '2026-01-02T10:00:00.000Z');
    const g = store.addGame(s.id, ['Ann', 'Bea', 'Cy', 'Dot'], undefined, false);
    expect(g.number).toBe(1);
    expect(store.appendEvent(g.id, { type: 'discard', seat: 'E', tile: '5B' })).toBe(1);
    expect(store.appendEvent(g.id, { type: 'call', seat: 'W', mahjong: true }, 1)).toBe(2);
    store.close();
    store = openStore(t.db);
    const again = store.getSession(s.id)!;
    expect(again.players).toEqual(setup4.players);
    expect(again.setup.stakes).toEqual({ centsPerPoint: 1 });
    expect(again.gameList.map((x) => x.seating)).toEqual([{ E: 'Ann', S: 'Bea', W: 'Cy', N: 'Dot' }]);
    expect(store.loadEvents(g.id).map((e) => [e.seq, e.event])).toEqual([
      [1, { type: 'discard', seat: 'E', tile: '5B' }],
      [2, { type: 'call', seat: 'W', mahjong: true }],
    ]);
    expect(store.listPlayers().map((p) => p.name)).toEqual(['Ann', 'Bea', 'Cy', 'Dot']);
  });

  test('a stale append (wrong afterSeq) and an unknown game are refused and change nothing', () => {
    t = tempDir();
    store = openStore(t.db);
    const s = store.createSession(setup4);
    const g = store.addGame(s.id, setup4.seating, undefined, false);
    store.appendEvent(g.id, { type: 'pick', seat: 'E' });
    expect(() => store!.appendEvent(g.id, { type: 'discard', seat: 'E', tile: '1B' }, 0)).toThrow(/moved on/);
    expect(() => store!.appendEvent(9999, { type: 'wallGame' })).toThrow(/no game with id 9999/);
    expect(store.loadEvents(g.id)).toHaveLength(1);
  });

  test('recent sessions come newest first, with their game counts', () => {
    t = tempDir();
    store = openStore(t.db);
    const a = store.createSession(setup4, '2026-01-01T10:00:00.000Z');
    const b = store.createSession({ players: ['Eve', 'Fay', 'Gus'], seating: ['Gus', 'Eve', 'Fay'] }, '2026-02-01T10:00:00.000Z');
    store.addGame(a.id, setup4.seating, undefined, false);
    store.addGame(a.id, setup4.seating, undefined, false);
    expect(store.listSessions(10).map((x) => [x.id, x.games])).toEqual([
      [b.id, 0],
      [a.id, 2],
    ]);
    expect(store.listSessions(1)).toHaveLength(1);
  });

  test('an import-style transaction is all or nothing', () => {
    t = tempDir();
    store = openStore(t.db);
    expect(() =>
      store!.transaction(() => {
        const s = store!.createSession(setup4);
        store!.addGame(s.id, setup4.seating, undefined, false);
        throw new Error('bad game 2');
      }),
    ).toThrow('bad game 2');
    expect(store.listSessions()).toEqual([]);
    expect(store.listPlayers()).toEqual([]);
  });
});

describe('a corrupt or foreign database is set aside, never deleted', () => {
  const asideFiles = (dir: string) => readdirSync(dir).filter((f) => f.includes('.corrupt-'));

  test('garbage bytes', () => {
    t = tempDir();
    writeFileSync(t.db, 'this is not a database, it is a shopping list\n'.repeat(200));
    store = openStore(t.db);
    expect(store.startup.setAside?.reason).toMatch(/cannot be read as SQLite|integrity/);
    expect(asideFiles(t.dir)).toHaveLength(1);
    expect(store.startup.setAside!.path).toContain('.corrupt-');
    // The fresh store works.
    expect(store.addPlayer('Ann').name).toBe('Ann');
  });

  test('a SQLite file of another application', () => {
    t = tempDir();
    const other = openSqlite(t.db);
    other.exec("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')");
    other.close();
    store = openStore(t.db);
    expect(store.startup.setAside?.reason).toMatch(/not a MahjMate database/);
    const kept = openSqlite(store.startup.setAside!.path);
    expect(kept.prepare('SELECT name FROM recipes').get()).toMatchObject({ name: 'soup' });
    kept.close();
  });

  test('a MahjMate file from a newer version', () => {
    t = tempDir();
    store = openStore(t.db);
    store.close();
    const db = openSqlite(t.db);
    db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (99, ?)').run('2030-01-01');
    db.close();
    store = openStore(t.db);
    expect(store.startup.setAside?.reason).toMatch(/newer MahjMate \(schema 99/);
  });

  test('a damaged page inside a real database', () => {
    t = tempDir();
    store = openStore(t.db);
    const s = store.createSession(setup4);
    const g = store.addGame(s.id, setup4.seating, undefined, false);
    for (let i = 0; i < 400; i++) store.appendEvent(g.id, { type: 'pick', seat: 'E' });
    store.close();
    store = undefined;
    // Move everything from the WAL into the main file, then scribble over pages in its middle.
    const db = openSqlite(t.db);
    db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get();
    db.close();
    const fd = openSync(t.db, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 2, 0xab), 0, 4096 * 2, 4096 * 2);
    closeSync(fd);
    store = openStore(t.db);
    expect(store.startup.setAside?.reason).toMatch(/integrity check failed|cannot be read as SQLite/);
    expect(store.listSessions()).toEqual([]);
  });
});

test('a version-1 database is migrated to the latest schema, keeping its data', () => {
  t = tempDir();
  // Build a v1 file by hand, as the first release would have left it.
  const db = openSqlite(t.db);
  db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
  db.exec('CREATE TABLE schema_version (version INTEGER NOT NULL PRIMARY KEY, applied_at TEXT NOT NULL) STRICT');
  MIGRATIONS[0]!.up(db);
  db.prepare('INSERT INTO schema_version VALUES (1, ?)').run('2026-01-01');
  db.prepare("INSERT INTO sessions (created_at, setup) VALUES ('2026-01-01', ?)").run(JSON.stringify(setup4));
  db.prepare("INSERT INTO games (session_id, number, seating, started_at) VALUES (1, 1, ?, '2026-01-01')").run(
    JSON.stringify(setup4.seating),
  );
  db.close();
  store = openStore(t.db);
  expect(store.startup.setAside).toBeNull();
  expect(store.getGame(1)).toMatchObject({ number: 1, seating: { E: 'Ann' } });
  const g2 = store.addGame(1, setup4.seating, undefined, false, 9);
  expect(store.getGame(g2.id)?.dice).toBe(9);
});
