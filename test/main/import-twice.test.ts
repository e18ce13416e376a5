import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import type { SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

/**
 * Importing is idempotent: the same table record imported twice (even after a restart, even
 * as the file this app exported) is one session; the reply says it is already there, and a
 * copy is made only when asked. Real services on a real SQLite file.
 */

const RECORD = readFileSync(resolve(import.meta.dirname, '../records/quick-four.json'), 'utf8');
type Imported = SessionSummary & { alreadyThere?: true };

const f = useServices();

const value = f.value;
const eventRows = (): number => (f.store.db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
const playerRows = (): number => (f.store.db.prepare('SELECT count(*) AS n FROM players').get() as { n: number }).n;

test('the same record twice is one session; the second import says so and writes nothing', async () => {
  const first = await value<Imported>('importRecord', { text: RECORD });
  expect(first.alreadyThere).toBeUndefined();
  expect(first.games).toBeGreaterThan(0);
  const events = eventRows();
  const players = playerRows();

  const second = await value<Imported>('importRecord', { text: RECORD });
  expect(second).toEqual({ id: first.id, createdAt: first.createdAt, players: first.players, games: first.games, alreadyThere: true });
  expect(f.store.listSessions(100)).toHaveLength(1);
  expect(eventRows()).toBe(events);
  expect(playerRows()).toBe(players);

  // The same record written differently (other spacing, keys in another order) is still the same record.
  const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(RECORD) as object).reverse()));
  expect(await value<Imported>('importRecord', { text: reordered })).toMatchObject({ id: first.id, alreadyThere: true });

  // After a restart (store closed and reopened on the same file) it is still there.
  f.restart();
  expect(await value<Imported>('importRecord', { text: RECORD })).toMatchObject({ id: first.id, alreadyThere: true });
  expect(f.store.listSessions(100)).toHaveLength(1);
});

test('a copy only when asked; a record that differs by one event is a new session', async () => {
  const first = await value<Imported>('importRecord', { text: RECORD });
  const copy = await value<Imported>('importRecord', { text: RECORD, copy: true });
  expect(copy.alreadyThere).toBeUndefined();
  expect(copy.id).not.toBe(first.id);
  expect(f.store.listSessions(100)).toHaveLength(2);
  // Both copies are the same record: a third import names one of them and writes nothing.
  expect([first.id, copy.id]).toContain((await value<Imported>('importRecord', { text: RECORD })).id);
  expect(f.store.listSessions(100)).toHaveLength(2);

  const rec = JSON.parse(RECORD) as { games: { events: { value?: number }[] }[] };
  rec.games[0]!.events[0]!.value = 40;
  const other = await value<Imported>('importRecord', { text: JSON.stringify(rec) });
  expect(other.alreadyThere).toBeUndefined();
  expect(f.store.listSessions(100)).toHaveLength(3);
});

test('a session played here, exported and imported back, is already there', async () => {
  const first = await value<Imported>('importRecord', { text: RECORD, copy: true });
  const exported = await value<{ text: string }>('exportSession', { sessionId: first.id });
  expect(await value<Imported>('importRecord', { text: exported.text })).toMatchObject({ id: first.id, alreadyThere: true });
  expect(f.store.listSessions(100)).toHaveLength(1);
});
