/**
 * League bench (issue 41), small by default: GROUP_TABLES tables (default 5; the league is
 * 50) of one laptop each, in one group on a real `tursodb --sync-server` on 127.0.0.1. Each table
 * records GROUP_GAMES simulated games (default 2), an event every GROUP_EVENT_MS (default 40 ms:
 * faster than a table, to stay short), each laptop with its own sync process. Meanwhile: one
 * table's link is cut for its second game and comes back after it (catch-up), one sync process
 * is killed mid-push, the server is killed and restarted once, and one more laptop joins for the
 * first time while offline. Prints:
 *   group.tables, group.events (event rows recorded), group.events_lost (recorded and missing from
 *   any laptop at the end), group.rows_overwritten (held anywhere with another body),
 *   group.records_identical (1: every laptop's rebuilt game equals its table's own record of the
 *   same play, with no dispute), group.standing_reach_ms_p95 (a game's ending recorded -> held by
 *   every laptop online), group.catch_up_ms_p95 (link back -> everything recorded offline held by
 *   every other laptop), group.seconds.
 * Bounded: gives up after GROUP_TIMEOUT_S (default 300 s) and stops the server and every process.
 */
import { performance } from 'node:perf_hooks';
import { groupHistory } from '../electron/main/services/groupHistory';
import { groupFile } from '../electron/main/store/group.repo';
import { laptop, outboxOf, until, type Laptop } from '../tools/sync/laptop';
import { startSyncServer } from '../tools/sync/server';
import { simulateGame } from '../tools/sim/game';

const TABLES = Number(process.env['GROUP_TABLES'] ?? 5);
const GAMES = Number(process.env['GROUP_GAMES'] ?? 2);
const EVENT_MS = Number(process.env['GROUP_EVENT_MS'] ?? 40);
const TIMEOUT_MS = Number(process.env['GROUP_TIMEOUT_S'] ?? 300) * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const p95 = (xs: number[]): number =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]! : NaN;
const holds = (l: Laptop, id: string): boolean => l.store.db.prepare('SELECT 1 FROM group_rows WHERE id = ?').get(id) !== undefined;

const server = await startSyncServer();
const laptops: Laptop[] = [];
const abort = setTimeout(() => {
  console.error(`group bench: gave up after ${TIMEOUT_MS / 1000} s`);
  server.stop();
  process.exit(1);
}, TIMEOUT_MS);
const t0 = performance.now();
try {
  for (let i = 0; i < TABLES; i++) laptops.push(laptop(server.url, 'league', 500, 2000));
  const offline = new Set<Laptop>();
  const reach: number[] = [];
  const catchUp: number[] = [];
  const pending: Promise<void>[] = [];
  let events = 0;
  /** Time from now until every laptop online holds row `id` (a game's ending). */
  const timeReach = (id: string, from: number): Promise<void> =>
    until('an ending to reach every table', () => laptops.every((l) => offline.has(l) || holds(l, id)), TIMEOUT_MS, 100).then(
      () => void reach.push(performance.now() - from),
    );

  const playTable = async (l: Laptop, table: number): Promise<void> => {
    const names = [0, 1, 2, 3].map((k) => `T${table}P${k}`);
    const session = l.store.createSession({ players: names, seating: names });
    for (let g = 0; g < GAMES; g++) {
      const cut = table === 0 && g === 1;
      if (cut) {
        offline.add(l);
        l.sync.cut(true);
      }
      const sim = simulateGame(1000 * table + g, { players: 4, bettor: false, mistakes: false });
      const game = l.store.addGame(session.id, names, undefined, false, sim.dice);
      for (const e of sim.events) {
        l.store.appendEvent(game.id, e);
        events++;
        l.sync.nudge();
        await sleep(EVENT_MS);
      }
      const ending = (l.store.db.prepare("SELECT id FROM outbox WHERE kind = 'event' ORDER BY n DESC LIMIT 1").get() as { id: string }).id;
      if (!cut) pending.push(timeReach(ending, performance.now()));
      else {
        const mine = [...outboxOf(l.store).keys()];
        offline.delete(l);
        const back = performance.now();
        l.sync.cut(false);
        pending.push(
          until(
            'a table back online to catch up',
            () => laptops.every((o) => offline.has(o) || mine.every((id) => holds(o, id))),
            TIMEOUT_MS,
            100,
          ).then(() => void catchUp.push(performance.now() - back)),
        );
      }
    }
  };
  const tables = laptops.map((l, i) => playTable(l, i));
  // Trouble while the tables play: a sync process killed as it pushes, the server killed once.
  await sleep(3000);
  await new Promise<void>((r) => {
    const l = laptops[TABLES > 1 ? 1 : 0]!;
    let done = false;
    l.sync.onPhase((p) => {
      if (p === 'push' && !done) {
        done = true;
        l.sync.child()?.kill();
        r();
      }
    });
  });
  await sleep(2000);
  await server.restart();
  // A laptop joining for the first time while offline, coming online a little later.
  const late = laptop(server.url, 'league', 500, 2000);
  late.sync.cut(true);
  offline.add(late);
  laptops.push(late);
  await Promise.all(tables);
  console.error(`group bench: tables done at ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  offline.delete(late);
  late.sync.cut(false);
  await Promise.all(pending);
  console.error(`group bench: every ending and catch-up seen at ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  // The end: every laptop holds every row as written, and rebuilds each game as its table recorded it.
  const written = new Map<string, string>();
  for (const l of laptops) for (const [id, body] of outboxOf(l.store)) written.set(id, body);
  await until(
    'every laptop to hold every row',
    () => laptops.every((l) => groupFile(l.store.db).mirrored() >= written.size),
    TIMEOUT_MS,
  ).catch(() => undefined);
  let lost = 0;
  let overwritten = 0;
  const eventIds = new Set([...written].filter(([, b]) => 'seq' in (JSON.parse(b) as object)).map(([id]) => id));
  for (const l of laptops) {
    const held = new Map(
      groupFile(l.store.db)
        .rows()
        .map((r) => [r.id, r.body]),
    );
    for (const [id, body] of written) {
      if (!held.has(id)) lost += eventIds.has(id) ? 1 : 0;
      else if (held.get(id) !== body) overwritten++;
    }
  }
  const own = new Map<string, string>();
  for (const l of laptops)
    for (const g of l.store.db.prepare('SELECT id, gid FROM games').all() as { id: number; gid: string }[])
      own.set(g.gid, JSON.stringify(l.store.loadEvents(g.id).map((e) => e.event)));
  const identical = laptops.every((l) => {
    const h = groupHistory(l.store);
    return (
      h.games.length === own.size &&
      h.unread.length === 0 &&
      h.games.every((g) => !g.disputed && JSON.stringify(g.events) === own.get(g.game))
    );
  });
  console.log(`group.tables: ${TABLES}`);
  console.log(`group.laptops: ${laptops.length}`);
  console.log(`group.events: ${events}`);
  console.log(`group.events_lost: ${lost}`);
  console.log(`group.rows_overwritten: ${overwritten}`);
  console.log(`group.records_identical: ${identical ? 1 : 0}`);
  console.log(`group.standing_reach_ms_p95: ${Math.round(p95(reach))}`);
  console.log(`group.catch_up_ms_p95: ${Math.round(p95(catchUp))}`);
  console.log(`group.sync_restarts: ${laptops.reduce((n, l) => n + l.sync.status().restarts, 0)}`);
  console.log(`group.seconds: ${((performance.now() - t0) / 1000).toFixed(1)}`);
  if (lost > 0 || overwritten > 0 || !identical) process.exitCode = 1;
} finally {
  clearTimeout(abort);
  await Promise.all(laptops.map((l) => l.close()));
  server.stop();
}
