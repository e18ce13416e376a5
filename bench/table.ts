/**
 * Table bench: keypress-to-rendered-state for a discard typed on the table screen, with 301
 * events already recorded in the game. The BUILT renderer (out/renderer, `npm run build`
 * first) runs in Debian's Chromium with the real services on a real SQLite file bridged in,
 * as in test/e2e/harness.ts. Timed in the page: from the Enter keydown to the first animation
 * frame after the new discard is in the DOM. Prints `table.discard_p95_ms: N` (goal: under 16), and
 * `table.discard_dom_p95_ms` (Enter to the DOM updated, without waiting for the frame).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { GameEvent } from '../src/core/events';
import { SEATS, type Seat } from '../src/core/seats';
import { CHANNELS } from '../src/shared/channels';
import { createServices, dispatch } from '../electron/main/services/dispatch';
import { openStore } from '../electron/main/store/store';

const ROOT = resolve(import.meta.dirname, '../out/renderer');
const SAMPLES = 30;
const TILES = ['1B', '5C', '9D', 'N', 'R', '0', 'F', '3B', '7C', 'W'] as const;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};

if (!existsSync(join(ROOT, 'index.html'))) throw new Error('out/renderer/index.html is missing: run `npm run build` first');
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-table-'));
const store = openStore(join(dir, 'mahjmate.db'));
const services = createServices(store);
const call = async (channel: string, input: unknown): Promise<{ id: number }> => {
  const r = await dispatch(services, channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as { id: number };
};

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  const file = join(ROOT, path === '/' ? 'index.html' : path);
  if (!file.startsWith(ROOT) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const addr = server.address();
const origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  // A game with 301 events: East's opening discard, then 60 turns of pick, rack, undo, rack, discard.
  const session = await call('setupSession', { setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] } });
  const game = await call('startGame', { sessionId: session.id });
  const events: GameEvent[] = [{ type: 'discard', seat: 'E', tile: '2B' }];
  for (let t = 1; t <= 60; t++) {
    const seat: Seat = SEATS[t % 4]!;
    events.push({ type: 'pick', seat }, { type: 'rack', seat }, { type: 'retract' }, { type: 'rack', seat }, { type: 'discard', seat, tile: TILES[t % TILES.length]! });
  }
  let seq = 0;
  for (const event of events) seq = ((await dispatch(services, 'appendEvent', { gameId: game.id, event, afterSeq: seq })) as { value: { seq: number } }).value.seq;

  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.exposeFunction('__mahjmateDispatch', (channel: string, payload: unknown) => dispatch(services, channel, payload));
  await page.addInitScript((channels: readonly string[]) => {
    const w = globalThis as unknown as Record<string, unknown> & { __mahjmateDispatch: (c: string, p: unknown) => Promise<unknown> };
    const api = Object.fromEntries(channels.map((c) => [c, (input?: unknown) => w.__mahjmateDispatch(c, input === undefined ? undefined : structuredClone(input))]));
    Object.defineProperty(globalThis, 'mahjmate', { value: Object.freeze(api) });
  }, CHANNELS);
  await page.goto(`${origin}/index.html`);
  await page.locator('button.session').first().click();
  await page.getByRole('button', { name: 'Continue at the table' }).click();
  await page.getByTestId('command').waitFor();

  // In the page: Enter keydown (capture) starts the clock; the first frame after the floor grows stops it.
  await page.evaluate(`(() => {
    const w = window;
    w.__samples = [];
    w.__dom = [];
    window.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || e.target.value === 'p') return; // time the discards, not the picks
      const t0 = performance.now();
      const before = document.querySelectorAll('.floor li').length;
      const obs = new MutationObserver(() => {
        if (document.querySelectorAll('.floor li').length === before) return;
        obs.disconnect();
        w.__dom.push(performance.now() - t0);
        requestAnimationFrame(() => w.__samples.push(performance.now() - t0));
      });
      obs.observe(document.body, { childList: true, subtree: true });
    }, true);
  })()`);

  const floorCount = () => page.locator('.floor li').count();
  for (let i = 0; i < SAMPLES + 3; i++) {
    await page.keyboard.type('p');
    await page.keyboard.press('Enter');
    await page.getByTestId('command').evaluate((el: { value: string }) => el.value === '' || Promise.reject(new Error('pick refused')));
    const n = await floorCount();
    await page.keyboard.type(TILES[i % TILES.length]!.toLowerCase());
    await page.keyboard.press('Enter');
    // Polled with page.evaluate: waitForFunction evaluates its predicate with eval, which the page's CSP forbids.
    const want = `document.querySelectorAll('.floor li').length === ${n + 1} && window.__samples.length === ${i + 1}`;
    for (let tries = 0; !(await page.evaluate(want)); tries++) {
      if (tries > 500) throw new Error(`discard ${i + 1} did not render: ${String(await page.evaluate(`[document.querySelectorAll(".floor li").length, (window.__samples || "none").length, document.querySelector("[data-testid=refusal]")?.textContent, document.querySelector("[data-testid=preview]")?.textContent]`))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  await page.getByTestId('save').filter({ hasText: 'All saved' }).waitFor();
  const samples = ((await page.evaluate('window.__samples')) as number[]).slice(3); // the first few warm the JIT
  if (problems.length) throw new Error(`page errors: ${problems.join('; ')}`);
  const stored = store.loadEvents(game.id).length;
  if (stored !== events.length + 2 * (SAMPLES + 3)) throw new Error(`expected ${events.length + 2 * (SAMPLES + 3)} stored events, found ${stored}`);
  if (process.env["BENCH_VERBOSE"]) console.error(samples.map((x) => x.toFixed(1)).join(" "));
  console.log(`table.events_before: ${events.length}`);
  console.log(`table.discard_samples: ${samples.length}`);
  console.log(`table.discard_p50_ms: ${quantile(samples, 0.5).toFixed(1)}`);
  console.log(`table.discard_p95_ms: ${quantile(samples, 0.95).toFixed(1)}`);
  // Enter to the DOM holding the new discard (engine + render, before the frame is drawn).
  const dom = ((await page.evaluate('window.__dom')) as number[]).slice(3);
  console.log(`table.discard_dom_p50_ms: ${quantile(dom, 0.5).toFixed(1)}`);
  console.log(`table.discard_dom_p95_ms: ${quantile(dom, 0.95).toFixed(1)}`);
} finally {
  await browser.close();
  server.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
