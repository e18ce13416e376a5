/**
 * The crash proof for a laptop in a group (issue 41): the table's writer (crash-writer.ts, the
 * store in a process of its own, as the app writes) is SIGKILLed at random points while it
 * records, and the laptop's real sync process (electron/main/sync/process.ts) is SIGKILLed in the
 * middle of its pushes, against a real `tursodb --sync-server` on 127.0.0.1. Three phases:
 * online (both kinds of kill interleaved), offline (the link cut: writer kills, and sync kills as
 * it copies into the group file), and back online until the sync process says Synced. Checked:
 * - every acknowledged event is in the local file, exactly, with its outbox row (reopen());
 * - "Offline: N waiting" (the outbox's unsent rows, what Home shows) counts, after the offline
 *   phase, exactly the rows written since the cut, and the sync process reports the same;
 * - at the end nothing waits, and a new laptop joining afterwards pulls every outbox row from
 *   the server exactly as written: every acknowledged event reached the group once.
 * Used by test/main/crash-group.test.ts and bench/crash.ts.
 */
import type { GroupStatus } from '../../src/shared/contract/group';
import { GameCache } from '../../electron/main/services/gameCache';
import { groupServices } from '../../electron/main/services/group';
import { joinGroup } from '../../electron/main/store/group.repo';
import { openSqlite } from '../../electron/main/store/sqlite';
import { openStore } from '../../electron/main/store/store';
import { forkNode } from '../../electron/main/sync/node-child';
import { superviseSync, type GroupSync } from '../../electron/main/sync/supervisor';
import { rng } from '../lib/random';
import { groupRowsOf, laptop, SYNC_ENTRY, until } from '../sync/laptop';
import { startSyncServer } from '../sync/server';
import { runWriter } from './crash-child';
import { buildWriter, reopen } from './crash-harness';

export interface GroupCrashFigures {
  writerKills: number;
  /** Sync processes killed while a push was under way (online) or a copy (offline). */
  syncKills: number;
  acknowledgedEvents: number;
  /** Acknowledged events missing from the local file, or without their outbox row. */
  lostLocal: number;
  /** Reopenings not "ok", stored events not as written. */
  bad: string[];
  /** Outbox rows (every acknowledged write) a new laptop did not pull from the server, or pulled changed. */
  lostGroup: number;
  wrongGroup: number;
  /** Times the waiting count was not what it should be (after the offline phase, and at the end). */
  waitingWrong: string[];
  /** Writer runs that ended before their kill. */
  unkilled: string[];
}

const eventRows = (db: string): Map<string, string> => {
  const d = openSqlite(db);
  try {
    // An event's outbox row names its game's gid and its seq: key them by the local game id.
    const rows = d
      .prepare(
        `SELECT g.id AS game, json_extract(o.body, '$.seq') AS seq, o.id AS row FROM outbox o
         JOIN games g ON g.gid = json_extract(o.body, '$.game') WHERE o.kind = 'event'`,
      )
      .all() as { game: number; seq: number; row: string }[];
    return new Map(rows.map((r) => [`${r.game}:${r.seq}`, r.row]));
  } finally {
    d.close();
  }
};

export const groupCrashProof = async (opts: {
  dir: string;
  writerKills: number;
  syncKills: number;
  seed: number;
}): Promise<GroupCrashFigures> => {
  const r = rng(opts.seed);
  const writer = await buildWriter();
  const db = `${opts.dir}/mahjmate.db`;
  const server = await startSyncServer();
  const f: GroupCrashFigures = {
    writerKills: 0,
    syncKills: 0,
    acknowledgedEvents: 0,
    lostLocal: 0,
    bad: [],
    lostGroup: 0,
    wrongGroup: 0,
    waitingWrong: [],
    unkilled: [],
  };
  let sync: GroupSync | undefined;
  const fresh: { close(): Promise<void> }[] = [];
  try {
    const s = openStore(db);
    joinGroup(s, { groupId: 'crash', name: 'Crash group', url: server.url });
    s.close();
    sync = superviseSync({
      spawn: () => forkNode(SYNC_ENTRY, ['--import', 'tsx']),
      localPath: db,
      groupPath: `${opts.dir}/group.db`,
      everyMs: 200,
      restartMs: 100,
      restartMaxMs: 1000,
    });
    const acked = new Set<string>();
    let syncKillsLeft = 0;
    let killPhase: 'push' | 'copy' = 'push';
    sync.onPhase((p) => {
      if (p !== killPhase || syncKillsLeft === 0 || r() < 0.5) return;
      const c = sync!.child();
      if (!c) return;
      syncKillsLeft--;
      f.syncKills++;
      // Somewhere inside the step, not always at its first instruction.
      setTimeout(() => c.kill(), Math.floor(r() * 30));
    });
    /** One writer run, killed after a few acknowledgements or a random moment into its writing. */
    const writeOnce = async (): Promise<void> => {
      const afterAcks = r() < 0.5 ? 1 + Math.floor(r() * 25) : undefined;
      const ms = 5 + r() * 150;
      let n = 0;
      const end = await runWriter(writer, db, (line, kill) => {
        if (line === 'open') {
          if (afterAcks === undefined) setTimeout(kill, ms);
          return;
        }
        const [word, g, seq] = line.split(' ');
        if (word !== 'ack') return;
        acked.add(`${g}:${seq}`);
        if (afterAcks !== undefined && ++n >= afterAcks) kill();
      });
      if (!end.killed) f.unkilled.push(end.why);
      else f.writerKills++;
      sync!.nudge();
    };
    /** Run writers, with `kills` sync kills allowed, until the sync kills are spent and `runs` writers ran. */
    const phase = async (runs: number, kills: number): Promise<void> => {
      syncKillsLeft = kills;
      const deadline = Date.now() + 240_000;
      for (let i = 0; (i < runs || syncKillsLeft > 0) && Date.now() < deadline; i++) {
        await writeOnce();
        if (f.unkilled.length > 3) throw new Error(`the writer kept ending on its own: ${f.unkilled.join(' | ')}`);
      }
      syncKillsLeft = 0;
    };

    // Online: both kinds of kill.
    await phase(Math.ceil(opts.writerKills * 0.6), Math.ceil(opts.syncKills * 0.7));
    await until('the sync process to send everything', () => sync!.status().state === 'synced' && waitingOf(db) === 0, 120_000, 100);
    // Offline: the link cut; what is written waits, and the count of it is exact through the kills.
    const before = maxOutbox(db);
    sync.cut(true);
    killPhase = 'copy';
    await phase(opts.writerKills - Math.ceil(opts.writerKills * 0.6), opts.syncKills - Math.ceil(opts.syncKills * 0.7));
    const since = countSince(db, before);
    const waiting = waitingOf(db);
    if (waiting !== since) f.waitingWrong.push(`offline: ${waiting} waiting, ${since} written since the cut`);
    await until(
      'the sync process to report the offline count',
      () => sync!.status().state === 'offline' && sync!.status().waiting === since,
      60_000,
      100,
    ).catch(() => f.waitingWrong.push(`offline: the sync process said ${JSON.stringify(sync!.status())}, ${since} written`));
    // Back online.
    sync.cut(false);
    await until('the sync process to send everything', () => sync!.status().state === 'synced', 120_000, 100);
    if (waitingOf(db) !== 0) f.waitingWrong.push(`end: ${waitingOf(db)} still waiting after Synced`);

    // The local file: every acknowledged event, exactly, each with its outbox row.
    const back = reopen(db);
    if (back.integrity !== 'ok' || back.setAside) f.bad.push(`reopen: ${back.integrity} ${back.setAside ?? ''}`);
    f.bad.push(...back.wrong);
    const rows = eventRows(db);
    for (const k of acked) {
      const [g, seq] = k.split(':').map(Number) as [number, number];
      if ((back.stored.get(g) ?? 0) < seq || !rows.has(k)) f.lostLocal++;
    }
    f.acknowledgedEvents = acked.size;
    // The group: a new laptop pulls every outbox row from the server, exactly as written.
    const d = openSqlite(db);
    const outbox = new Map((d.prepare('SELECT id, body FROM outbox').all() as { id: string; body: string }[]).map((x) => [x.id, x.body]));
    d.close();
    const c = laptop(server.url, 'crash', 300);
    fresh.push(c);
    await until('a new laptop to pull the group', () => groupRowsOf(c.store).size >= outbox.size, 120_000, 200).catch(() => undefined);
    const pulled = groupRowsOf(c.store);
    for (const [id, body] of outbox) {
      if (!pulled.has(id)) f.lostGroup++;
      else if (pulled.get(id) !== body) f.wrongGroup++;
    }
    return f;
  } finally {
    await sync?.stop();
    await Promise.all(fresh.map((l) => l.close()));
    server.stop();
  }
};

const query = <T>(db: string, fn: (d: ReturnType<typeof openSqlite>) => T): T => {
  const d = openSqlite(db);
  try {
    return fn(d);
  } finally {
    d.close();
  }
};
const maxOutbox = (db: string): number =>
  query(db, (d) => (d.prepare('SELECT coalesce(max(n), 0) AS n FROM outbox').get() as { n: number }).n);
const countSince = (db: string, n: number): number =>
  query(db, (d) => (d.prepare('SELECT count(*) AS c FROM outbox WHERE n > ?').get(n) as { c: number }).c);
/** What Home's "Offline: N waiting" shows: the app's own groupStatus service on the file. */
const waitingOf = (db: string): number => {
  const store = openStore(db);
  try {
    // The handler answers at once (it only reads the file); its type allows a promise.
    const s = groupServices({ store, games: new GameCache(), app: { name: 'MahjMate', version: 'crash' } }).groupStatus(
      undefined,
    ) as GroupStatus;
    return s.joined ? s.waiting : -1;
  } finally {
    store.close();
  }
};
