import { existsSync, openSync, closeSync, writeSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { openStore, type Store } from '../../electron/main/store/store';
import { tempDir } from './tmp';

/**
 * A clean close seals the file (its identity once checkpointed); the next start skips the
 * full integrity check only for that same untouched file. The seal goes as the file opens, so
 * a crash leaves none and the next start checks every page.
 */
let t: ReturnType<typeof tempDir>;
let store: Store | undefined;
afterEach(() => {
  store?.close();
  t.cleanup();
});
const setup = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };

test('a clean close seals the file; opening it removes the seal', () => {
  t = tempDir();
  store = openStore(t.db);
  const s = store.createSession(setup);
  store.close();
  expect(existsSync(`${t.db}.sealed`)).toBe(true);
  store = openStore(t.db);
  expect(existsSync(`${t.db}.sealed`)).toBe(false);
  expect(store.startup.setAside).toBeNull();
  expect(store.listSessions().map((x) => x.id)).toEqual([s.id]);
});

test('a page damaged after a clean close is still found and the file set aside', () => {
  t = tempDir();
  store = openStore(t.db);
  const g = store.addGame(store.createSession(setup).id, setup.seating, undefined, false);
  for (let i = 0; i < 400; i++) store.appendEvent(g.id, { type: 'discard', seat: 'E', tile: '1B' });
  store.close();
  store = undefined;
  expect(existsSync(`${t.db}.sealed`)).toBe(true);
  const fd = openSync(t.db, 'r+');
  writeSync(fd, Buffer.alloc(4096 * 2, 0xab), 0, 4096 * 2, 4096 * 2);
  closeSync(fd);
  store = openStore(t.db);
  expect(store.startup.setAside?.reason).toMatch(/integrity check failed|cannot be read as SQLite/);
  expect(store.listSessions()).toEqual([]);
});
