// Fuzzing the record importer and `replay` (issue 7.2c), fixed seed: mutated records (values
// retyped, keys dropped or added, events swapped, text truncated or damaged) never throw;
// replay and import refuse with a reason; a refused import writes nothing; and the replay
// command itself answers a mutated record with exit 0 (JSON) or exit 2 (one line), never a crash.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { fuzzRecords, recordCase, runRecordCase } from '../../tools/security/fuzz';
import { useServices } from './fixture';

const root = join(import.meta.dirname, '../..');
const SEEDS = ['five-bettor', 'quick-four', 'three-players', 'live-window'].map((n) =>
  readFileSync(join(root, 'test/records', `${n}.json`), 'utf8'),
);

const fx = useServices();

test('800 mutated records: replay and import never throw, refuse with a reason, a refused import writes nothing', async () => {
  const store = fx.store;
  const f = await fuzzRecords(SEEDS, 800, 99, { store, services: fx.services });
  expect(f.crashes).toEqual([]);
  expect(f.failures).toEqual([]);
  expect(f.refused).toBeGreaterThan(300);
  // Some mutations keep a record valid: those are imported, one session each.
  expect(f.accepted).toBeGreaterThan(10);
  // A record already here is named, not imported twice: one session per distinct record.
  expect(f.imported).toBeGreaterThan(10);
  expect(f.imported).toBeLessThanOrEqual(f.accepted);
  expect(store.listSessions(10_000).length).toBe(f.imported);
}, 180_000);

test('the replay command on mutated records: exit 0 with JSON, or exit 2 with one line on stderr', async () => {
  const f = { cases: 0, crashes: [] as string[], failures: [] as string[], refused: 0, accepted: 0 };
  const cases = fc.sample(recordCase(SEEDS), { numRuns: 8, seed: 5 });
  for (const c of cases) {
    const text = await runRecordCase(f, SEEDS, c);
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'tools/replay.ts'), '-'], {
      input: text,
      encoding: 'utf8',
      cwd: root,
    });
    if (r.status === 0) expect(() => JSON.parse(r.stdout)).not.toThrow();
    else {
      expect(r.status, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim().length).toBeGreaterThan(5);
    }
  }
  expect(f.crashes).toEqual([]);
}, 120_000);
