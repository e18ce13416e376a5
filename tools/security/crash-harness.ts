/**
 * The crash proof: a child process records the 500-event session of crash-session.ts through
 * the store and is SIGKILLed at random points (right after an acknowledgement, at a random
 * moment while it writes, or while it opens the file). After every kill the file is reopened
 * as the app does at start and checked: integrity_check ok, not set aside, every acknowledged
 * event present, every stored event exactly the one expected at its place (nothing torn or
 * half-written, seqs contiguous from 1). Used by test/main/crash-kills.test.ts and bench/crash.ts.
 */
import { bundleWriter, runWriter } from './crash-child';
import { openStore } from '../../electron/main/store/store';
import { expectedEvent } from './crash-session';
import { rng } from '../lib/random';

/** Bundle the writer once. */
export const buildWriter = (): Promise<string> => bundleWriter('crash-writer.ts', 'writer');

type KillPlan = { kind: 'after-acks'; acks: number } | { kind: 'while-writing'; ms: number } | { kind: 'while-opening'; ms: number };

const plan = (r: () => number): KillPlan => {
  const x = r();
  if (x < 0.5) return { kind: 'after-acks', acks: 1 + Math.floor(r() * 20) };
  if (x < 0.9) return { kind: 'while-writing', ms: r() * 6 };
  return { kind: 'while-opening', ms: r() * 60 };
};

/** One run of the writer, killed as planned; the (game, seq) pairs it acknowledged. */
const runOnce = async (writer: string, db: string, p: KillPlan): Promise<{ acked: [number, number][]; killed: boolean; why: string }> => {
  const acked: [number, number][] = [];
  const end = await runWriter(
    writer,
    db,
    (l, kill) => {
      if (l === 'open') {
        if (p.kind === 'while-writing') setTimeout(kill, p.ms);
        return;
      }
      const [word, g, s] = l.split(' ');
      if (word === 'ack') acked.push([Number(g), Number(s)]);
      if (p.kind === 'after-acks' && acked.length >= p.acks) kill();
    },
    p.kind === 'while-opening' ? p.ms : undefined,
  );
  return { acked, ...end };
};

export interface Reopened {
  integrity: string;
  setAside: string | null;
  /** Events stored, per game id: its last seq. */
  stored: Map<number, number>;
  /** Stored events that are not exactly what was written at their place. */
  wrong: string[];
}

/** Reopen the file as the app does at start and read back everything in it. */
export const reopen = (db: string): Reopened => {
  const store = openStore(db);
  try {
    const rows = store.db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    const stored = new Map<number, number>();
    const wrong: string[] = [];
    for (const s of store.listSessions(1_000_000)) {
      for (const g of store.getSession(s.id)!.gameList) {
        const events = store.loadEvents(g.id);
        events.forEach((e, i) => {
          if (e.seq !== i + 1) wrong.push(`game ${g.id}: seq ${e.seq} at place ${i + 1}`);
          else if (JSON.stringify(e.event) !== JSON.stringify(expectedEvent(g.number, e.seq)))
            wrong.push(`game ${g.id} seq ${e.seq}: ${JSON.stringify(e.event)}`);
        });
        stored.set(g.id, events.length);
      }
    }
    return { integrity: rows.map((r) => r.integrity_check).join('; '), setAside: store.startup.setAside?.reason ?? null, stored, wrong };
  } finally {
    store.close();
  }
};

export interface CrashFigures {
  kills: number;
  /** Runs that ended before the planned kill (they exited on their own: a failure). */
  unkilled: string[];
  acknowledgedEvents: number;
  lostEvents: number;
  storedEvents: number;
  /** Reopenings whose integrity_check was not "ok", or whose file was set aside. */
  badReopens: string[];
  wrongEvents: string[];
  killsByKind: Record<KillPlan['kind'], number>;
}

/** Kill the writer `kills` times (seeded), checking the file after each kill. */
export const crashProof = async (opts: { db: string; kills: number; seed: number; writer?: string }): Promise<CrashFigures> => {
  const writer = opts.writer ?? (await buildWriter());
  const r = rng(opts.seed);
  const acked = new Map<number, number>();
  const figures: CrashFigures = {
    kills: 0,
    unkilled: [],
    acknowledgedEvents: 0,
    lostEvents: 0,
    storedEvents: 0,
    badReopens: [],
    wrongEvents: [],
    killsByKind: { 'after-acks': 0, 'while-writing': 0, 'while-opening': 0 },
  };
  while (figures.kills < opts.kills) {
    const p = plan(r);
    const run = await runOnce(writer, opts.db, p);
    for (const [g, s] of run.acked) acked.set(g, Math.max(acked.get(g) ?? 0, s));
    if (!run.killed) {
      figures.unkilled.push(run.why);
      if (figures.unkilled.length > 3) break;
      continue;
    }
    figures.kills++;
    figures.killsByKind[p.kind]++;
    const back = reopen(opts.db);
    if (back.integrity !== 'ok' || back.setAside)
      figures.badReopens.push(`kill ${figures.kills}: ${back.integrity} ${back.setAside ?? ''}`);
    figures.wrongEvents.push(...back.wrong.map((w) => `kill ${figures.kills}: ${w}`));
    let lost = 0;
    for (const [g, s] of acked) lost += Math.max(0, s - (back.stored.get(g) ?? 0));
    figures.lostEvents = Math.max(figures.lostEvents, lost);
    figures.storedEvents = [...back.stored.values()].reduce((a, b) => a + b, 0);
  }
  figures.acknowledgedEvents = [...acked.values()].reduce((a, b) => a + b, 0);
  return figures;
};
