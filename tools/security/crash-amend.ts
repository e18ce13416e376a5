/**
 * The amendment crash proof: a child amends a stored game through the real services over and
 * over (crash-amend-writer.ts) and is SIGKILLed at random moments. After every kill the file is
 * reopened as the app does at start and checked: integrity_check ok, not set aside, no
 * acknowledged amendment lost, and the game is exactly the old one or the new one (the game
 * after the stored amendments), never a mix; its audit trail walks back to the game as typed.
 * Used by test/main/crash-amend.test.ts and bench/crash.ts.
 */
import { bundleWriter, runWriter } from './crash-child';
import { sameEvent, unwindAmendments } from '../../src/core/amend';
import { amendmentsRepo } from '../../electron/main/store/amendments.repo';
import { openStore } from '../../electron/main/store/store';
import { gameAfter, ORIGINAL } from './crash-amend-game';
import { rng } from '../lib/random';

const buildWriter = (): Promise<string> => bundleWriter('crash-amend-writer.ts', 'amend-writer');

/** One run, killed after `acks` acknowledgements or `ms` after opening; the highest amendment count acknowledged. */
const runOnce = async (
  writer: string,
  db: string,
  p: { acks: number } | { ms: number },
): Promise<{ acked: number; killed: boolean; why: string }> => {
  let acked = 0;
  let acks = 0;
  const end = await runWriter(writer, db, (l, kill) => {
    if (l === 'open' && 'ms' in p) setTimeout(kill, p.ms);
    const [word, n] = l.split(' ');
    if (word === 'ack') {
      acked = Math.max(acked, Number(n));
      acks++;
    }
    if ('acks' in p && acks >= p.acks) kill();
  });
  return { acked, ...end };
};

export interface AmendCrashFigures {
  kills: number;
  unkilled: string[];
  /** Amendments acknowledged (the highest count) and stored at the end. */
  acknowledged: number;
  stored: number;
  /** Acknowledged amendments missing after a kill (the most at any kill). */
  lost: number;
  /** Reopenings whose file was damaged or set aside, or whose game was a mix. */
  bad: string[];
}

/** Reopen and check; returns the number of amendments stored, and what is wrong. */
export const reopenAmended = (db: string): { stored: number; wrong: string[] } => {
  const store = openStore(db);
  try {
    const wrong: string[] = [];
    const integrity = (store.db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ');
    if (integrity !== 'ok' || store.startup.setAside) wrong.push(`integrity ${integrity} ${store.startup.setAside?.reason ?? ''}`);
    const [s] = store.listSessions(1);
    const game = s ? store.getSession(s.id)!.gameList[0] : undefined;
    if (!game) return { stored: 0, wrong };
    const events = store.loadEvents(game.id);
    const trail = amendmentsRepo(store).list(game.id);
    if (trail.length % 2 !== 0) wrong.push(`${trail.length} changes stored: half an amendment`);
    const n = Math.floor(trail.length / 2);
    const log = events.map((e) => e.event);
    if (events.some((e, i) => e.seq !== i + 1)) wrong.push('seqs not contiguous');
    // Before the first amendment the game may still be being typed: a prefix of the original.
    const expected = n === 0 ? ORIGINAL.slice(0, log.length) : gameAfter(n);
    if (log.length !== expected.length || log.some((e, i) => !sameEvent(e, expected[i])))
      wrong.push(`after ${n} amendments the game is neither the old nor the new one`);
    if (n > 0) {
      const back = unwindAmendments(log, trail);
      if (!back.ok || back.value.some((e, i) => !sameEvent(e, ORIGINAL[i])))
        wrong.push('the audit trail does not walk back to the game as typed');
    }
    return { stored: n, wrong };
  } finally {
    store.close();
  }
};

/** Kill the amending child `kills` times (seeded), checking the file after each kill. */
export const amendCrashProof = async (opts: { db: string; kills: number; seed: number }): Promise<AmendCrashFigures> => {
  const writer = await buildWriter();
  const r = rng(opts.seed);
  const f: AmendCrashFigures = { kills: 0, unkilled: [], acknowledged: 0, stored: 0, lost: 0, bad: [] };
  while (f.kills < opts.kills) {
    const p = r() < 0.5 ? { acks: 1 + Math.floor(r() * 8) } : { ms: 40 + r() * 200 };
    const run = await runOnce(writer, opts.db, p);
    f.acknowledged = Math.max(f.acknowledged, run.acked);
    if (!run.killed) {
      f.unkilled.push(run.why);
      if (f.unkilled.length > 3) break;
      continue;
    }
    f.kills++;
    const back = reopenAmended(opts.db);
    f.bad.push(...back.wrong.map((w) => `kill ${f.kills}: ${w}`));
    f.lost = Math.max(f.lost, f.acknowledged - back.stored);
    f.stored = back.stored;
  }
  return f;
};
