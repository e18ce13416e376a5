/**
 * League bench (issue 41): GROUP_TABLES tables (default 50) of 4 players, one laptop each, in one
 * group on a real `tursodb --sync-server` on 127.0.0.1. Each table records one simulated game
 * (tools/sim; GROUP_EVENTS_MAX cuts games short while developing), an event every GROUP_EVENT_MS
 * (default 600 ms: a brisk table; a real one is nearer 2-3 s), all tables at once, each table's
 * writes through its own store in this process, and each laptop's sync loop (the app's,
 * electron/main/sync/loop.ts, a round every GROUP_ROUND_MS, default 3000 as in the app) in one of
 * GROUP_HOSTS processes (default 5, tools/sync/hosts.ts). Meanwhile, at seeded random moments:
 * - GROUP_OFFLINE tables (default 3) play their whole game offline and come back after it;
 * - GROUP_DROPS links (default 8) drop for a few events mid-game and come back;
 * - GROUP_KILLS sync hosts (default 3) are SIGKILLed as one of their laptops pushes (every loop in
 *   the host dies wherever it was; each is started again in a new host);
 * - the server is SIGKILLed and restarted GROUP_SERVER_KILLS times (default 2);
 * - a new laptop joins for the first time while offline, records part of a game, comes online.
 * Prints:
 *   group.tables, group.laptops, group.events (event rows recorded), group.events_lost (recorded
 *   and missing from some laptop at the end), group.rows_overwritten (held somewhere with another
 *   body), group.records_identical (1: every laptop rebuilds every game exactly as its own table
 *   recorded it, with no dispute, and all laptops rebuild the same history),
 *   group.standing_reach_ms_p95 (a game's ending recorded -> held by every laptop online),
 *   group.catch_up_ms_p95 (link back after a game offline -> that game held by every laptop
 *   online, and the laptop holding every row the others had), group.waiting_wrong (laptops whose
 *   "Offline: N waiting" count, from the outbox, is not 0 at the end or disagrees with the sync
 *   loop), group.table_write_ms_p95, group.<step>_ms_p95 (each step of a round: copy, push, pull,
 *   read-back with the cursor's copy), group.sync_restarts, group.host_kills,
 *   group.server_kills, group.cpu_*_s and group.cores_used (CPU seconds of the sync hosts, the
 *   server and this process, and their sum per second of the run), group.machine_load_start and
 *   _end (the 1-minute load average: on a shared machine the latencies depend on it),
 *   group.seconds.
 * Bounded: gives up after GROUP_TIMEOUT_S (default 600 s) and stops the server and every process.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { groupHistory } from '../electron/main/services/groupHistory';
import { groupFile } from '../electron/main/store/group.repo';
import { syncHosts } from '../tools/sync/hosts';
import { laptop, outboxOf, until, type Laptop } from '../tools/sync/laptop';
import { startSyncServer } from '../tools/sync/server';
import { rng } from '../tools/lib/random';
import { simulateGame } from '../tools/sim/game';

const env = (k: string, d: number): number => Number(process.env[k] ?? d);
const TABLES = env('GROUP_TABLES', 50);
const HOSTS = Math.max(1, Math.min(env('GROUP_HOSTS', 5), TABLES));
const EVENT_MS = env('GROUP_EVENT_MS', 600);
const OFFLINE = Math.min(env('GROUP_OFFLINE', 3), TABLES - 1);
const DROPS = env('GROUP_DROPS', 8);
const KILLS = env('GROUP_KILLS', 3);
const SERVER_KILLS = env('GROUP_SERVER_KILLS', 2);
const EVERY_MS = env('GROUP_ROUND_MS', 3000);
/** Events per game at most (a shorter league while developing; the default plays whole games). */
const EVENTS_MAX = env('GROUP_EVENTS_MAX', 1000);
const TIMEOUT_MS = env('GROUP_TIMEOUT_S', 600) * 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const p95 = (xs: number[]): number =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]! : NaN;
const rand = rng(env('GROUP_SEED', 41));

const server = await startSyncServer();
const hosts = syncHosts(HOSTS);
const laptops: Laptop[] = [];
const abort = setTimeout(() => {
  console.error(`group bench: gave up after ${TIMEOUT_MS / 1000} s`);
  hosts.stop();
  server.stop();
  process.exit(1);
}, TIMEOUT_MS);
const t0 = performance.now();
const load0 = loadavg()[0]!;
const at = () => `${((performance.now() - t0) / 1000).toFixed(0)} s`;
/** CPU seconds of each process (sync hosts, the server), read from /proc once a second while it runs. */
const cpu = new Map<number, { what: string; s: number }>();
const readCpu = (pid: number, what: string): void => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
    cpu.set(pid, { what, s: (Number(fields[11]) + Number(fields[12])) / 100 });
  } catch {
    /* gone */
  }
};
const cpuTimer = setInterval(() => {
  hosts.pids().forEach((pid) => readCpu(pid, 'hosts'));
  const s = server.pid();
  if (s !== undefined) readCpu(s, 'server');
}, 1000);
const cpuOf = (what: string): number => [...cpu.values()].filter((c) => c.what === what).reduce((a, c) => a + c.s, 0);

/** How long each step of each round took (from one step's start to the next's, or to the round's status). */
const steps = new Map<string, number[]>();
const newLaptop = (): Laptop => {
  const i = laptops.length;
  const l = laptop(server.url, 'league', EVERY_MS, 2000, () => hosts.spawn(i));
  let step: { name: string; at: number } | undefined;
  const mark = (name?: string) => {
    const now = performance.now();
    if (step) (steps.get(step.name) ?? steps.set(step.name, []).get(step.name)!).push(now - step.at);
    step = name ? { name, at: now } : undefined;
  };
  l.sync.onPhase((p) => mark(p));
  l.sync.onStatus(() => mark());
  laptops.push(l);
  return l;
};

/** Does laptop `l` hold row `id`? Once it does it always will: the answers are kept. */
const held = new Map<Laptop, Set<string>>();
const lookups = new Map<Laptop, ReturnType<Laptop['store']['db']['prepare']>>();
const holds = (l: Laptop, id: string): boolean => {
  const known = held.get(l) ?? held.set(l, new Set()).get(l)!;
  if (known.has(id)) return true;
  const q = lookups.get(l) ?? lookups.set(l, l.store.db.prepare('SELECT 1 FROM group_rows WHERE id = ?')).get(l)!;
  if (q.get(id) === undefined) return false;
  known.add(id);
  return true;
};

try {
  for (let i = 0; i < TABLES; i++) newLaptop();
  const offline = new Set<Laptop>();
  const cut = (l: Laptop, down: boolean) => {
    if (down) offline.add(l);
    else offline.delete(l);
    l.sync.cut(down);
  };
  const reach: number[] = [];
  const catchUp: number[] = [];
  const pending: Promise<void>[] = [];
  let events = 0;
  /** How long each table's write took (the table's own acknowledgement, with 50 tables and their syncs on one machine). */
  const appends: number[] = [];
  let playing = TABLES;
  const online = () => laptops.filter((l) => !offline.has(l));
  /** Rows `ids` held by every laptop online (and, when `back` is given, `back` holding `theirs`): measured from `from`. */
  const timeHeld = (what: string, ids: string[], from: number, into: number[], back?: { l: Laptop; theirs: string[] }) =>
    pending.push(
      until(
        what,
        () => online().every((o) => ids.every((id) => holds(o, id))) && (!back || back.theirs.every((id) => holds(back.l, id))),
        TIMEOUT_MS,
        100,
      ).then(() => {
        into.push(performance.now() - from);
        if (into === catchUp) console.error(`group bench: ${what}: ${Math.round(performance.now() - from)} ms`);
      }),
    );
  /** What the laptops online have recorded (what a laptop coming back must take; rows still offline elsewhere cannot reach it yet). */
  const allRows = (except: Laptop): string[] =>
    laptops.filter((o) => o !== except && !offline.has(o)).flatMap((o) => [...outboxOf(o.store).keys()]);

  // Which tables play offline, and where each dropped link falls (event index, for a few events).
  const offlineTables = new Set<number>();
  while (offlineTables.size < OFFLINE) offlineTables.add(Math.floor(rand() * TABLES));
  const drops = new Map<number, number>();
  for (let d = 0; d < DROPS; d++) {
    const t = Math.floor(rand() * TABLES);
    if (!offlineTables.has(t)) drops.set(t, 5 + Math.floor(rand() * 40));
  }

  const playTable = async (l: Laptop, table: number): Promise<void> => {
    // Tables start over the first seconds, as a club's do.
    await sleep(rand() * 5000);
    const names = [0, 1, 2, 3].map((k) => `T${table}P${k}`);
    const session = l.store.createSession({ players: names, seating: names });
    const away = offlineTables.has(table);
    if (away) cut(l, true);
    const whole = simulateGame(1000 + table, { players: 4, bettor: false, mistakes: false });
    const sim = { ...whole, events: whole.events.slice(0, EVENTS_MAX) };
    const game = l.store.addGame(session.id, names, undefined, false, sim.dice);
    const drop = drops.get(table);
    for (const [k, e] of sim.events.entries()) {
      // A dropped link comes back 8 events later, and never across the game's end.
      if (drop !== undefined && k === Math.min(drop, sim.events.length - 10)) cut(l, true);
      if (drop !== undefined && k === Math.min(drop, sim.events.length - 10) + 8) cut(l, false);
      const w = performance.now();
      l.store.appendEvent(game.id, e);
      appends.push(performance.now() - w);
      events++;
      await sleep(EVENT_MS);
    }
    const mine = [...outboxOf(l.store).keys()];
    const ending = mine[mine.length - 1]!;
    if (!away) timeHeld('an ending to reach every table online', [ending], performance.now(), reach);
    else {
      const theirs = allRows(l);
      cut(l, false);
      timeHeld('a table back online to catch up', mine, performance.now(), catchUp, { l, theirs });
    }
    playing--;
  };

  const tables = laptops.map((l, i) => playTable(l, i));
  // Trouble while the tables play, at seeded random moments: sync hosts killed as a laptop pushes,
  // the server killed and restarted, and a laptop joining for the first time while offline.
  const trouble = async (): Promise<{ kills: number; serverKills: number }> => {
    let kills = 0;
    let serverKills = 0;
    const plan = [...Array<string>(KILLS).fill('host'), ...Array<string>(SERVER_KILLS).fill('server'), 'late'].sort(() => rand() - 0.5);
    for (const step of plan) {
      await sleep(6000 + rand() * 12_000);
      if (playing === 0) break;
      if (step === 'host') {
        const victim = laptops[Math.floor(rand() * TABLES)]!;
        const pushing = new Promise<boolean>((r) => {
          let armed = true;
          victim.sync.onPhase((p) => {
            if (p === 'push' && armed) {
              armed = false;
              r(true);
            }
          });
          setTimeout(() => r(false), 20_000);
        });
        if (!(await pushing)) continue;
        victim.sync.child()?.kill();
        kills++;
        console.error(`group bench: sync host of a laptop killed mid-push at ${at()}`);
      } else if (step === 'server') {
        await server.restart();
        serverKills++;
        console.error(`group bench: server killed and restarted at ${at()}`);
      } else {
        const late = newLaptop();
        cut(late, true);
        const sim = simulateGame(99, { players: 4, bettor: false, mistakes: false });
        const names = ['Late1', 'Late2', 'Late3', 'Late4'];
        const game = late.store.addGame(late.store.createSession({ players: names, seating: names }).id, names, undefined, false, sim.dice);
        for (const e of sim.events.slice(0, 30)) {
          late.store.appendEvent(game.id, e);
          events++;
          await sleep(EVENT_MS);
        }
        const mine = [...outboxOf(late.store).keys()];
        const theirs = allRows(late);
        cut(late, false);
        timeHeld('a new laptop to come online', mine, performance.now(), catchUp, { l: late, theirs });
        console.error(`group bench: a laptop joined offline, recorded 30 events, came online at ${at()}`);
      }
    }
    return { kills, serverKills };
  };
  const [, done] = await Promise.all([Promise.all(tables), trouble()]);
  console.error(`group bench: tables done at ${at()}`);
  await Promise.all(pending);
  console.error(`group bench: every ending and catch-up seen at ${at()}`);

  // The end: every laptop holds every row as written, and rebuilds each game as its table recorded it.
  const written = new Map<string, string>();
  for (const l of laptops) for (const [id, body] of outboxOf(l.store)) written.set(id, body);
  await until(
    'every laptop to hold every row',
    () => laptops.every((l) => groupFile(l.store.db).mirrored() >= written.size),
    TIMEOUT_MS,
    200,
  ).catch(() => undefined);
  const eventIds = new Set([...written].filter(([, b]) => 'seq' in (JSON.parse(b) as object)).map(([id]) => id));
  const lost = new Set<string>();
  const overwritten = new Set<string>();
  for (const l of laptops) {
    const have = new Map(
      groupFile(l.store.db)
        .rows()
        .map((r) => [r.id, r.body]),
    );
    for (const [id, body] of written) {
      if (!have.has(id)) {
        if (eventIds.has(id)) lost.add(id);
      } else if (have.get(id) !== body) overwritten.add(id);
    }
  }
  const own = new Map<string, string>();
  for (const l of laptops)
    for (const g of l.store.db.prepare('SELECT id, gid FROM games').all() as { id: number; gid: string }[])
      own.set(g.gid, JSON.stringify(l.store.loadEvents(g.id).map((e) => e.event)));
  let first: string | undefined;
  const identical = laptops.every((l) => {
    const h = groupHistory(l.store);
    const json = JSON.stringify(h.games);
    first ??= json;
    return (
      json === first &&
      h.games.length === own.size &&
      h.unread.length === 0 &&
      h.games.every((g) => !g.disputed && JSON.stringify(g.events) === own.get(g.game))
    );
  });
  // "Offline: N waiting" (Home) counts the outbox's unsent rows: 0 everywhere once synced, and the
  // same count the sync process reports.
  await until(
    'every sync loop to report its round',
    () => laptops.every((l) => l.sync.status().waiting === groupFile(l.store.db).waiting()),
    60_000,
    200,
  ).catch(() => undefined);
  const waitingWrong = laptops.filter(
    (l) => groupFile(l.store.db).waiting() !== 0 || l.sync.status().waiting !== groupFile(l.store.db).waiting(),
  ).length;
  console.log(`group.tables: ${TABLES}`);
  console.log(`group.laptops: ${laptops.length}`);
  console.log(`group.events: ${events}`);
  console.log(`group.events_lost: ${lost.size}`);
  console.log(`group.rows_overwritten: ${overwritten.size}`);
  console.log(`group.records_identical: ${identical ? 1 : 0}`);
  console.log(`group.standing_reach_ms_p95: ${Math.round(p95(reach))}`);
  console.log(`group.catch_up_ms_p95: ${Math.round(p95(catchUp))}`);
  console.log(`group.waiting_wrong: ${waitingWrong}`);
  console.log(`group.table_write_ms_p95: ${p95(appends).toFixed(1)}`);
  for (const [name, xs] of steps) console.log(`group.${name}_ms_p95: ${Math.round(p95(xs))}`);
  console.log(`group.sync_restarts: ${laptops.reduce((n, l) => n + l.sync.status().restarts, 0)}`);
  console.log(`group.host_kills: ${done.kills}`);
  console.log(`group.server_kills: ${done.serverKills}`);
  const wall = (performance.now() - t0) / 1000;
  const bench = process.cpuUsage();
  console.log(`group.cpu_sync_hosts_s: ${cpuOf('hosts').toFixed(0)}`);
  console.log(`group.cpu_server_s: ${cpuOf('server').toFixed(0)}`);
  console.log(`group.cpu_tables_s: ${((bench.user + bench.system) / 1e6).toFixed(0)}`);
  console.log(`group.cores_used: ${((cpuOf('hosts') + cpuOf('server') + (bench.user + bench.system) / 1e6) / wall).toFixed(2)}`);
  console.log(`group.machine_load_start: ${load0.toFixed(1)}`);
  console.log(`group.machine_load_end: ${loadavg()[0]!.toFixed(1)}`);
  console.log(`group.seconds: ${((performance.now() - t0) / 1000).toFixed(1)}`);
  if (lost.size > 0 || overwritten.size > 0 || !identical || waitingWrong > 0) process.exitCode = 1;
} finally {
  clearTimeout(abort);
  clearInterval(cpuTimer);
  await Promise.all(laptops.map((l) => l.close()));
  hosts.stop();
  server.stop();
}
