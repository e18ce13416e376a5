/**
 * Ten years of play-by-play (issue 13 item 5) as a SQLite file: a group's 520 weekly sessions of
 * 12 fully recorded simulated games (about 550,000 events). The generated file is cached (keyed
 * by the generator's source) in the system temp folder, so only the first run pays for building
 * it; each bench times a fresh copy (`tenYearsCopy`). A file built by an earlier version is
 * migrated when a bench opens its copy, as an upgrade would.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore } from '../../electron/main/store/store';
import { seedTenYears } from '../../tools/sim/history';

const root = join(import.meta.dirname, '../..');

const cachedFile = (): string => {
  // The cache key: the generator and the simulator's source (a change to either makes a new file).
  const hash = createHash('sha256');
  for (const dir of ['tools/sim', 'tools/lib'])
    for (const f of readdirSync(join(root, dir)).sort()) hash.update(readFileSync(join(root, dir, f)));
  const cacheDir = join(tmpdir(), 'mahjmate-bench-cache');
  const cached = join(cacheDir, `large10y-${hash.digest('hex').slice(0, 16)}.db`);
  if (existsSync(cached)) return cached;
  mkdirSync(cacheDir, { recursive: true });
  const building = `${cached}.${process.pid}.tmp`;
  const store = openStore(building);
  const t = performance.now();
  const seeded = seedTenYears(store);
  store.db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get(); // everything into the main file before it is moved
  store.close();
  for (const ext of ['-wal', '-shm', '.sealed']) rmSync(building + ext, { force: true });
  renameSync(building, cached);
  console.error(
    `large10y: built ${seeded.sessions} sessions, ${seeded.games} games, ${seeded.events} events in ${(performance.now() - t).toFixed(0)} ms`,
  );
  return cached;
};

/** A fresh copy of the ten-year file in its own temp folder; `done` removes it. */
export const tenYearsCopy = (): { path: string; done: () => void } => {
  const dir = mkdtempSync(join(tmpdir(), 'mahjmate-large10y-'));
  const path = join(dir, 'mahjmate.db');
  copyFileSync(cachedFile(), path);
  return { path, done: () => rmSync(dir, { recursive: true, force: true }) };
};
