/**
 * Crash bench (issue 7.1): SIGKILL a child recording 500-event sessions through the store at
 * CRASH_KILLS (default 300) random points; after each kill reopen and check everything.
 * Then the same for a laptop in a group (tools/security/crash-group.ts): its writer and its sync
 * process killed against a real tursodb server. Prints `name: value` lines; exits 1 if anything
 * acknowledged was lost or the file was damaged.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { amendCrashProof } from '../tools/security/crash-amend';
import { crashProof } from '../tools/security/crash-harness';
import { groupCrashProof } from '../tools/security/crash-group';

const kills = Number(process.env['CRASH_KILLS'] ?? 300);
const seed = Number(process.env['CRASH_SEED'] ?? 7);
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-crash-'));
try {
  const t0 = performance.now();
  const f = await crashProof({ db: join(dir, 'mahjmate.db'), kills, seed });
  const s = (performance.now() - t0) / 1000;
  console.log(`crash.kills: ${f.kills}`);
  for (const [kind, n] of Object.entries(f.killsByKind)) console.log(`crash.kills.${kind}: ${n}`);
  console.log(`crash.acknowledged_events: ${f.acknowledgedEvents}`);
  console.log(`crash.stored_events: ${f.storedEvents}`);
  console.log(`crash.lost_events: ${f.lostEvents}`);
  console.log(`crash.wrong_events: ${f.wrongEvents.length}`);
  console.log(`crash.bad_reopens: ${f.badReopens.length}`);
  console.log(`crash.seconds: ${s.toFixed(1)}`);
  // Amendments (issue 25): a kill mid-amendment leaves the old game or the new one, never a mix.
  const a = await amendCrashProof({ db: join(dir, 'amend.db'), kills: Math.max(10, Math.round(kills / 6)), seed });
  console.log(`crash.amend_kills: ${a.kills}`);
  console.log(`crash.amend_acknowledged: ${a.acknowledged}`);
  console.log(`crash.amend_lost: ${a.lost}`);
  console.log(`crash.amend_mixed: ${a.bad.length}`);
  // In a group (issue 41): the writer killed mid-write and the sync process mid-push, on a real
  // tursodb server on 127.0.0.1; nothing acknowledged lost locally or in the group.
  const gdir = join(dir, 'group');
  mkdirSync(gdir);
  const g = await groupCrashProof({
    dir: gdir,
    writerKills: Number(process.env['CRASH_GROUP_WRITER_KILLS'] ?? 40),
    syncKills: Number(process.env['CRASH_GROUP_SYNC_KILLS'] ?? 15),
    seed,
  });
  console.log(`crash.group_writer_kills: ${g.writerKills}`);
  console.log(`crash.group_sync_kills: ${g.syncKills}`);
  console.log(`crash.group_acknowledged_events: ${g.acknowledgedEvents}`);
  console.log(`crash.group_lost_local: ${g.lostLocal}`);
  console.log(`crash.group_lost_on_server: ${g.lostGroup}`);
  console.log(`crash.group_changed_on_server: ${g.wrongGroup}`);
  console.log(`crash.group_waiting_wrong: ${g.waitingWrong.length}`);
  const groupBad = g.lostLocal + g.lostGroup + g.wrongGroup + g.bad.length + g.waitingWrong.length + g.unkilled.length;
  if (groupBad > 0) console.error([...g.bad, ...g.waitingWrong, ...g.unkilled].slice(0, 10).join('\n'));
  const bad =
    groupBad + f.lostEvents + f.wrongEvents.length + f.badReopens.length + f.unkilled.length + a.lost + a.bad.length + a.unkilled.length;
  if (bad > 0) {
    console.error([...f.badReopens, ...f.wrongEvents, ...f.unkilled, ...a.bad, ...a.unkilled].slice(0, 10).join('\n'));
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
