import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { LATEST_VERSION, MIGRATIONS } from './migrations';
import { openSqlite, type Database } from './sqlite';

/** 'MJMT': marks a file as ours, so a foreign SQLite file is never mistaken for a MahjMate store. */
export const APPLICATION_ID = 0x4d4a4d54;

export interface OpenedDatabase {
  db: Database;
  /** A corrupt or foreign file found at start, renamed aside (never deleted). */
  setAside: null | { path: string; reason: string };
}

const pragmaValue = (db: Database, name: string): unknown => {
  const row = db.prepare(`PRAGMA ${name}`).get() as Record<string, unknown> | undefined;
  return row ? Object.values(row)[0] : undefined;
};

const tableCount = (db: Database): number =>
  (db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number }).n;

/**
 * The seal of a clean close: the file's identity (device, inode, size, modification time) when
 * the app closed it with everything checkpointed. At the next start an unchanged file skips the
 * full integrity check, which reads every page (over a second for ten years of play). Anything
 * that touched the file since (a crash: no seal; another program, a copy, a restore: another
 * identity) gets the full check. The seal is removed as the file opens.
 */
const sealPath = (path: string): string => `${path}.sealed`;
const identity = (path: string): string => {
  const s = statSync(path);
  return JSON.stringify({ dev: s.dev, ino: s.ino, size: s.size, mtimeMs: s.mtimeMs });
};
const unsealed = (path: string): boolean => {
  let seal: string | null = null;
  try {
    seal = readFileSync(sealPath(path), 'utf8');
  } catch {
    return true;
  }
  rmSync(sealPath(path), { force: true });
  const wal = `${path}-wal`;
  return seal !== identity(path) || (existsSync(wal) && statSync(wal).size > 0);
};

/** Close cleanly: checkpoint the WAL into the file, close, and seal it (see `unsealed`). */
export const closeDatabase = (db: Database, path: string): void => {
  db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get();
  db.close();
  const wal = `${path}-wal`;
  if (!existsSync(path) || (existsSync(wal) && statSync(wal).size > 0)) return;
  // File clocks tick every few ms: wait until a later change would get a later time than the sealed one.
  const settled = statSync(path).mtimeMs + 20;
  for (let now = Date.now(); now < settled; now = Date.now()) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, settled - now);
  writeFileSync(sealPath(path), identity(path));
};

/** Why an existing file cannot be our store, or null if it can (or is new and empty). */
const problemWith = (path: string): string | null => {
  const fullCheck = unsealed(path);
  if (!existsSync(path) || statSync(path).size === 0) return null;
  let db: Database | undefined;
  try {
    db = openSqlite(path);
    const check = fullCheck ? (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]) : [{ integrity_check: 'ok' }];
    if (check.length !== 1 || check[0]!.integrity_check !== 'ok')
      return `integrity check failed: ${check
        .map((r) => r.integrity_check)
        .slice(0, 3)
        .join('; ')}`;
    const appId = Number(pragmaValue(db, 'application_id'));
    if (appId !== APPLICATION_ID) {
      return appId === 0 && tableCount(db) === 0 ? null : `not a MahjMate database (application_id ${appId})`;
    }
    const version = (db.prepare('SELECT max(version) AS v FROM schema_version').get() as { v: number | null }).v ?? 0;
    if (version > LATEST_VERSION) return `made by a newer MahjMate (schema ${version}, this app knows ${LATEST_VERSION})`;
    return null;
  } catch (e) {
    return `cannot be read as SQLite: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    try {
      db?.close();
    } catch {
      /* a broken handle has nothing to close */
    }
  }
};

/** Rename the file and its WAL/SHM companions to `NAME.corrupt-STAMP`; returns the new path. */
const setAside = (path: string, now: Date): string => {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const target = `${path}.corrupt-${stamp}`;
  renameSync(path, target);
  for (const suffix of ['-wal', '-shm']) if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix);
  return target;
};

const migrate = (db: Database): void => {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY, applied_at TEXT NOT NULL) STRICT');
  const current = (db.prepare('SELECT max(version) AS v FROM schema_version').get() as { v: number | null }).v ?? 0;
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      m.up(db);
      db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(m.version, new Date().toISOString());
    }).immediate();
  }
};

/**
 * Open (or create) the store's database at `path`: a corrupt or foreign file is set aside first
 * and a fresh one made. WAL + synchronous=FULL: a commit is on disk before we acknowledge it.
 */
export const openDatabase = (path: string, now = new Date()): OpenedDatabase => {
  const reason = problemWith(path);
  const aside = reason === null ? null : { path: setAside(path, now), reason };
  const db = openSqlite(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
  migrate(db);
  return { db, setAside: aside };
};
