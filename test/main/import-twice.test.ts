import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createServices, dispatch, type Services } from '../../electron/main/services/dispatch';
import { openStore, type Store } from '../../electron/main/store/store';
import type { SessionSummary } from '../../src/shared/types';
import { tempDir } from './tmp';

/**
 * Importing is idempotent: the same table record imported twice (even after a restart, even
 * as the file this app exported) is one session; the reply says it is already there, and a
 * copy is made only when asked. Real services on a real SQLite file.
 */

const RECORD = readFileSync(resolve(import.meta.dirname, '../records/quick-four.json'), 'utf8');
type Imported = SessionSummary & { alreadyThere?: true };

let t: ReturnType<typeof tempDir>;
let store: Store;
let services: Services;
const open = () => {
  store = openStore(t.db);
  services = createServices(store);
};
beforeEach(() => {
  t = tempDir();
  open();
});
afterEach(() => {
  store.close();
  t.cleanup();
});

const value = async <T>(ch: string, p?: unknown): Promise<T> => {
  const r = await dispatch(services, ch, p);
  if (!r.ok) throw new Error(`${ch} refused: ${r.error.code} ${r.error.message}`);
  return r.value as T;
};
const eventRows = (): number => (store.db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
const playerRows = (): number => (store.db.prepare('SELECT count(*) AS n FROM players').get() as { n: number }).n;

test('the same record twice is one session; the second import says so and writes nothing', async () => {
  const first = await value<Imported>('importRecord', { text: RECORD });
  expect(first.alreadyThere).toBeUndefined();
  expect(first.games).toBeGreaterThan(0);
  const events = eventRows();
  const players = playerRows();

  const second = await value<Imported>('importRecord', { text: RECORD });
  expect(second).toEqual({ id: first.id, createdAt: first.createdAt, players: first.players, games: first.games, alreadyThere: true });
  expect(store.listSessions(100)).toHaveLength(1);
  expect(eventRows()).toBe(events);
  expect(playerRows()).toBe(players);

  // The same record written differently (other spacing, keys in another order) is still the same record.
  const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(RECORD) as object).reverse()));
  expect(await value<Imported>('importRecord', { text: reordered })).toMatchObject({ id: first.id, alreadyThere: true });

  // After a restart (store closed and reopened on the same file) it is still there.
  store.close();
  open();
  expect(await value<Imported>('importRecord', { text: RECORD })).toMatchObject({ id: first.id, alreadyThere: true });
  expect(store.listSessions(100)).toHaveLength(1);
});

test('a copy only when asked; a record that differs by one event is a new session', async () => {
  const first = await value<Imported>('importRecord', { text: RECORD });
  const copy = await value<Imported>('importRecord', { text: RECORD, copy: true });
  expect(copy.alreadyThere).toBeUndefined();
  expect(copy.id).not.toBe(first.id);
  expect(store.listSessions(100)).toHaveLength(2);
  // Both copies are the same record: a third import names one of them and writes nothing.
  expect([first.id, copy.id]).toContain((await value<Imported>('importRecord', { text: RECORD })).id);
  expect(store.listSessions(100)).toHaveLength(2);

  const rec = JSON.parse(RECORD) as { games: { events: { value?: number }[] }[] };
  rec.games[0]!.events[0]!.value = 40;
  const other = await value<Imported>('importRecord', { text: JSON.stringify(rec) });
  expect(other.alreadyThere).toBeUndefined();
  expect(store.listSessions(100)).toHaveLength(3);
});

test('a session played here, exported and imported back, is already there', async () => {
  const first = await value<Imported>('importRecord', { text: RECORD, copy: true });
  const exported = await value<{ text: string }>('exportSession', { sessionId: first.id });
  expect(await value<Imported>('importRecord', { text: exported.text })).toMatchObject({ id: first.id, alreadyThere: true });
  expect(store.listSessions(100)).toHaveLength(1);
});
