// Issue 25: a SIGKILL in the middle of an amendment loses nothing acknowledged and leaves the
// old game or the new one, never a mix. bench/crash.ts runs more kills and prints the figures.
import { afterEach, expect, test } from 'vitest';
import { amendmentsRepo } from '../../electron/main/store/amendments.repo';
import { openStore } from '../../electron/main/store/store';
import { amendCrashProof, reopenAmended } from '../../tools/security/crash-amend';
import { tempDir } from './tmp';

let t: ReturnType<typeof tempDir>;
afterEach(() => t?.cleanup());

test('8 random SIGKILLs while a game is amended: nothing acknowledged lost, never half an amendment', async () => {
  t = tempDir();
  const f = await amendCrashProof({ db: t.db, kills: 8, seed: 25 });
  expect(f.unkilled, 'runs that ended before their kill').toEqual([]);
  expect(f.kills).toBe(8);
  expect(f.bad).toEqual([]);
  expect(f.lost).toBe(0);
  expect(f.acknowledged, 'amendments made across the kills').toBeGreaterThan(2);
  expect(f.stored).toBeGreaterThanOrEqual(f.acknowledged);
}, 180_000);

test('the check sees half an amendment (it can fail)', async () => {
  t = tempDir();
  await amendCrashProof({ db: t.db, kills: 2, seed: 3 });
  expect(reopenAmended(t.db).wrong).toEqual([]);
  // Write one change of a pair straight into the trail, as a torn amendment would.
  const store = openStore(t.db);
  const game = store.getSession(store.listSessions(1)[0]!.id)!.gameList[0]!;
  const [first] = amendmentsRepo(store).list(game.id);
  if (first) amendmentsRepo(store).append(game.id, [first]);
  else store.db.prepare('DELETE FROM events WHERE game_id = ? AND seq = 1').run(game.id);
  store.close();
  expect(reopenAmended(t.db).wrong.length).toBeGreaterThan(0);
}, 60_000);
