// Crash safety in a group (issue 41): the table's writer SIGKILLed in the middle of its writes,
// and the laptop's sync process SIGKILLed in the middle of its pushes (and, offline, of its
// copies), against a real `tursodb --sync-server` on 127.0.0.1. Nothing acknowledged is lost,
// locally or in the group, and "Offline: N waiting" stays exact. bench/crash.ts runs more kills.
import { afterEach, expect, test } from 'vitest';
import { groupCrashProof } from '../../tools/security/crash-group';
import { tempDir } from './tmp';

let t: ReturnType<typeof tempDir>;
afterEach(() => t?.cleanup());

test('writer and sync process killed mid-write and mid-push lose nothing acknowledged', async () => {
  t = tempDir();
  const f = await groupCrashProof({ dir: t.dir, writerKills: 12, syncKills: 6, seed: 20261128 });
  expect(f.unkilled, 'writer runs that ended before their kill').toEqual([]);
  expect(f.writerKills).toBeGreaterThanOrEqual(12);
  expect(f.syncKills).toBe(6);
  expect(f.acknowledgedEvents).toBeGreaterThan(0);
  expect(f.bad).toEqual([]);
  expect(f.lostLocal).toBe(0);
  expect(f.lostGroup).toBe(0);
  expect(f.wrongGroup).toBe(0);
  expect(f.waitingWrong).toEqual([]);
}, 480_000);
