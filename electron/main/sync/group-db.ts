import { connect, type Database } from '@tursodatabase/sync';
import type { GroupRow, OutboxRow } from '../store/group.repo';

/**
 * The group file (`group.db`), opened with Turso Sync's client. One table of write-once rows,
 * keyed by their random global id and nothing else: no UNIQUE constraint (a push the server
 * refuses loses the row), no trigger (triggers are not replicated). Only the sync process opens
 * it: a native abort in the client must not take the table's app with it.
 */
const SCHEMA = `CREATE TABLE IF NOT EXISTS group_rows (
  id TEXT PRIMARY KEY,
  device TEXT NOT NULL,
  n INTEGER NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  made_at TEXT NOT NULL
) STRICT`;

export interface GroupDb {
  /** Copy outbox rows in, each once (INSERT OR IGNORE by id), in one local transaction. */
  copy(rows: readonly OutboxRow[], device: string): Promise<void>;
  push(): Promise<void>;
  pull(): Promise<boolean>;
  /** The group's rows with these ids, as the file holds them now. */
  read(ids: readonly string[]): Promise<Map<string, GroupRow>>;
  /** Every row of the group. */
  all(): Promise<GroupRow[]>;
  /** The rows after `rowid`, in rowid order, each with its rowid: the cursor's read. */
  since(rowid: number): Promise<(GroupRow & { rowid: number })[]>;
  /** How many rows the file holds, and its highest rowid (0 when empty). */
  count(): Promise<{ rows: number; last: number }>;
  close(): Promise<void>;
}

/** `url()` returns null while offline: the file opens, takes rows and keeps them until the link is up. */
export const openGroupDb = async (path: string, url: () => string | null, token?: string): Promise<GroupDb> => {
  const db: Database = await connect({ path, url, clientName: 'mahjmate', ...(token ? { authToken: token } : {}) });
  await db.exec(SCHEMA);
  const insert = await db.prepare('INSERT OR IGNORE INTO group_rows (id, device, n, kind, body, made_at) VALUES (?, ?, ?, ?, ?, ?)');
  return {
    copy: async (rows, device) => {
      if (rows.length === 0) return;
      await db.exec('BEGIN IMMEDIATE');
      try {
        for (const r of rows) await insert.run(r.id, device, r.n, r.kind, r.body, r.made_at);
        await db.exec('COMMIT');
      } catch (e) {
        await db.exec('ROLLBACK');
        throw e;
      }
    },
    push: () => db.push(),
    pull: () => db.pull(),
    read: async (ids) => {
      const out = new Map<string, GroupRow>();
      // In slices: one statement per 200 ids keeps the SQL short.
      for (let i = 0; i < ids.length; i += 200) {
        const part = ids.slice(i, i + 200);
        const rows = (await (
          await db.prepare(`SELECT id, device, n, kind, body, made_at FROM group_rows WHERE id IN (${part.map(() => '?').join(',')})`)
        ).all(...part)) as GroupRow[];
        for (const r of rows) out.set(r.id, r);
      }
      return out;
    },
    all: async () => (await (await db.prepare('SELECT id, device, n, kind, body, made_at FROM group_rows')).all()) as GroupRow[],
    since: async (rowid) =>
      (await (
        await db.prepare('SELECT rowid, id, device, n, kind, body, made_at FROM group_rows WHERE rowid > ? ORDER BY rowid')
      ).all(rowid)) as (GroupRow & { rowid: number })[],
    count: async () => {
      const r = (await (await db.prepare('SELECT count(*) AS rows, coalesce(max(rowid), 0) AS last FROM group_rows')).get()) as {
        rows: number;
        last: number;
      };
      return { rows: Number(r.rows), last: Number(r.last) };
    },
    close: () => db.close(),
  };
};
