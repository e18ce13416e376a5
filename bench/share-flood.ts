/**
 * Flood bench (issue 38): a guest WITH the link pipelines requests at the share server while the
 * host records. The real services on a real SQLite file, "Share the table" attached, the share
 * server in its own process (tools/share/node-share-process.ts: the app's entry in a Node child
 * process; the app runs it with utilityProcess), serving the BUILT page on 127.0.0.1.
 *
 * 1. Recording alone, sharing on and nobody watching (10 s): `share.quiet_append_ms_max` and
 *    `share.quiet_append_ms_p50`, to read the flood's figures against on the same machine.
 * 2. The same while 32 connections pipeline view.json with the token for 10 s, from a process
 *    of their own as from a guest's phone (tools/security/pipeline-flood.ts: each one reopened as
 *    soon as the server closes it; 64 requests a write, a write every 20 ms, to 127.0.0.1 only): `share.pipelined_append_ms_max` (the slowest appendEvent round trip through the
 *    services; goal under 50), `share.pipelined_append_ms_p50`, what the flood got back
 *    (`share.pipelined_answers`, `share.pipelined_mb_sent`, `share.pipelined_connections`) and
 *    whether a phone (an event-stream client saying it is still watching and reconnecting as the
 *    page does) shows the last event at the end (`share.pipelined_phone_current`, 1;
 *    `share.pipelined_phone_reconnects`: how often its stream had to be opened again).
 * 3. A soak: 16 viewers (event-stream clients saying they are still watching every 4 s, as the
 *    page does) while an event is recorded every 3 s, for SHARE_SOAK_MIN minutes (default 1;
 *    `SHARE_SOAK_MIN=30 npx tsx bench/share-flood.ts` is the long run). Prints
 *    `share.soak_minutes`, `share.soak_events`, `share.soak_viewers_current` (viewers whose last
 *    view is the table's at the end; goal 16), `share.soak_frames_min` (fewest views any viewer
 *    got), `share.soak_reconnects`, and the share process's memory (`share.soak_rss_mb_first`: after the first minute or
 *    at the first sample; `share.soak_rss_mb_last`, `share.soak_rss_mb_max`) and main's
 *    (`share.soak_main_rss_mb_first`, `share.soak_main_rss_mb_last`).
 * The games recorded are legal whole games from the table simulator (tools/sim), one after another.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createServices } from '../electron/main/services/dispatch';
import { attachShare, createShare } from '../electron/main/share/share';
import { openStore } from '../electron/main/store/store';
import type { GameEvent } from '../src/core/events';
import type { TableView } from '../src/core/tableView';
import type { ShareStatus } from '../src/shared/contract/share';
import type { FloodFigures } from '../tools/security/pipeline-flood';
import { simulateGame } from '../tools/sim/game';
import { onBlocks } from '../tools/share/event-stream';
import { nodeShareProcess } from '../tools/share/node-share-process';
import { caller } from './lib/call';
import { quantile } from './lib/share';

const ROOT = resolve(import.meta.dirname, '../out/renderer');
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];
const FLOOD_MS = 10_000;
const CONNS = 32;
const GAP_MS = 100;
const SOAK_MIN = Number(process.env.SHARE_SOAK_MIN ?? 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(join(ROOT, 'view.html'))) throw new Error('out/renderer/view.html is missing: run `npm run build` first');
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-flood-'));
const store = openStore(join(dir, 'mahjmate.db'));
const share = createShare(store, { root: ROOT, host: '127.0.0.1', spawn: nodeShareProcess });
const call = caller(attachShare(createServices(store), share));

/** Legal games from the simulator, one after another, each started as the host starts it. */
const table = async () => {
  const session = (await call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } })) as { id: number };
  let seed = 3800;
  let gameId = 0;
  let queue: GameEvent[] = [];
  const next = async (): Promise<void> => {
    const g = simulateGame(seed++, { players: 4, bettor: false, mistakes: false });
    gameId = ((await call('startGame', { sessionId: session.id, dice: g.dice })) as { id: number }).id;
    await call('loadGame', { gameId });
    queue = [...g.events];
  };
  await next();
  /** Record the next event; ms for its appendEvent round trip. */
  const record = async (): Promise<number> => {
    if (queue.length === 0) await next();
    const t = performance.now();
    await call('appendEvent', { gameId, event: queue.shift()! });
    return performance.now() - t;
  };
  return { record };
};

/** An event-stream viewer that says it is still watching and reconnects (naming its seat) when its stream ends, as the page does. */
const watcher = (url: string) => {
  let last: TableView | null = null;
  let frames = 0;
  let seat: string | null = null;
  let reconnects = 0;
  let closed = false;
  let req: ReturnType<typeof request>;
  const open = (): void => {
    req = request(`${url}events${seat ? `?was=${seat}` : ''}`, { agent: false }, (res) => {
      onBlocks(res, (event, data) => {
        if (!data) return;
        if (event === 'seat') seat = (JSON.parse(data) as { seat: string }).seat;
        else if (event === 'message') {
          last = (JSON.parse(data) as { view: TableView }).view;
          frames++;
        }
      });
      res.on('close', again);
    });
    req.on('error', again);
    req.end();
  };
  let waiting = false;
  function again(): void {
    if (closed || waiting) return;
    waiting = true;
    reconnects++;
    setTimeout(() => {
      waiting = false;
      open();
    }, 1_000);
  }
  open();
  const ping = setInterval(() => {
    if (seat)
      request(`${url}alive?seat=${seat}`, { agent: false }, (r) => r.resume())
        .on('error', () => {})
        .end();
  }, 4_000);
  return {
    last: () => last,
    frames: () => frames,
    reconnects: () => reconnects,
    close: () => {
      closed = true;
      clearInterval(ping);
      req.destroy();
    },
  };
};

/** The flood, from a process of its own (as from the guest's phone): `started` once it floods, `done` with its figures. */
const flood = (port: number, path: string, ms: number) => {
  const child = spawn(
    join(import.meta.dirname, '../node_modules/.bin/tsx'),
    [join(import.meta.dirname, '../tools/security/pipeline-flood.ts'), String(port), path, String(CONNS), String(ms)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  let began: () => void = () => {};
  const started = new Promise<void>((ok) => (began = ok));
  child.stdout.on('data', (d) => {
    out += d;
    if (out.startsWith('flooding\n')) began();
  });
  const done = new Promise<FloodFigures>((ok, fail) => {
    child.on('error', fail);
    child.on('exit', () => {
      began();
      try {
        ok(JSON.parse(out.replace('flooding\n', '').trim()) as FloodFigures);
      } catch {
        fail(new Error(`the flood printed no figures: ${out}`));
      }
    });
  });
  return { started, done };
};

const max = (xs: number[]): number => Math.max(...xs);
const mb = (n: number): string => (n / 1024 / 1024).toFixed(1);

try {
  const t = await table();
  const s = (await call('shareTable', { on: true })) as ShareStatus;
  const url = s.url!;
  const server = share.server()!;

  // 1. Quiet: sharing on, nobody watching.
  const quiet: number[] = [];
  for (const end = Date.now() + FLOOD_MS; Date.now() < end; await sleep(GAP_MS)) quiet.push(await t.record());
  console.log(`share.quiet_append_ms_max: ${max(quiet).toFixed(1)}`);
  console.log(`share.quiet_append_ms_p50: ${quantile(quiet, 0.5).toFixed(1)}`);

  // 2. The flood.
  const phone = watcher(url);
  await sleep(500);
  const f = flood(server.port, `${new URL(url).pathname}view.json`, FLOOD_MS);
  await f.started;
  const flooded: number[] = [];
  let flooding = true;
  const fig = f.done.then((x) => ((flooding = false), x));
  while (flooding) {
    flooded.push(await t.record());
    await sleep(GAP_MS);
  }
  const { opened, answers, bytes } = await fig;
  console.log(`share.pipelined_append_ms_max: ${max(flooded).toFixed(1)}`);
  console.log(`share.pipelined_append_ms_p50: ${quantile(flooded, 0.5).toFixed(1)}`);
  console.log(`share.pipelined_appends: ${flooded.length}`);
  console.log(`share.pipelined_connections: ${opened}`);
  console.log(`share.pipelined_answers: ${answers}`);
  console.log(`share.pipelined_mb_sent: ${mb(bytes)}`);
  // The phone shows the last event once the flood is over (the server is given 5 s).
  for (let i = 0; i < 50 && !isDeepStrictEqual(phone.last(), share.sharedView()); i++) await sleep(100);
  console.log(`share.pipelined_phone_current: ${isDeepStrictEqual(phone.last(), share.sharedView()) ? 1 : 0}`);
  console.log(`share.pipelined_phone_reconnects: ${phone.reconnects()}`);
  phone.close();
  await sleep(1_000);

  // 3. The soak.
  const viewers = Array.from({ length: 16 }, () => watcher(url));
  const rss: number[] = [];
  const mainRss: number[] = [];
  let events = 0;
  const soakEnd = Date.now() + SOAK_MIN * 60_000;
  let nextSample = Date.now() + Math.min(60_000, SOAK_MIN * 30_000);
  while (Date.now() < soakEnd) {
    await t.record();
    events++;
    if (Date.now() >= nextSample) {
      rss.push(server.rss());
      mainRss.push(process.memoryUsage.rss());
      nextSample += 60_000;
    }
    await sleep(3_000);
  }
  rss.push(server.rss());
  mainRss.push(process.memoryUsage.rss());
  const want = share.sharedView();
  for (let i = 0; i < 50 && !viewers.every((v) => isDeepStrictEqual(v.last(), want)); i++) await sleep(100);
  console.log(`share.soak_minutes: ${SOAK_MIN}`);
  console.log(`share.soak_events: ${events}`);
  console.log(`share.soak_viewers_current: ${viewers.filter((v) => isDeepStrictEqual(v.last(), want)).length}`);
  console.log(`share.soak_frames_min: ${Math.min(...viewers.map((v) => v.frames()))}`);
  console.log(`share.soak_reconnects: ${viewers.reduce((n, v) => n + v.reconnects(), 0)}`);
  console.log(`share.soak_rss_mb_first: ${mb(rss[0]!)}`);
  console.log(`share.soak_rss_mb_last: ${mb(rss.at(-1)!)}`);
  console.log(`share.soak_rss_mb_max: ${mb(max(rss))}`);
  console.log(`share.soak_main_rss_mb_first: ${mb(mainRss[0]!)}`);
  console.log(`share.soak_main_rss_mb_last: ${mb(mainRss.at(-1)!)}`);
  if (process.env.SHARE_SOAK_SAMPLES) console.log(`share.soak_rss_samples_mb: ${rss.map(mb).join(',')}`);
  for (const v of viewers) v.close();
} finally {
  await share.stop();
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
