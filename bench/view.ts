/**
 * View bench (issue 15): from an event stored on the host to the phone page's DOM showing it,
 * with 8 phones watching, then 16. The real share server on 127.0.0.1 serves the BUILT view page
 * (out/renderer, `npm run build` first) to 8 Chromium pages at 390x844; the host appends events
 * through the real services on a real SQLite file. Each page logs (wall count | latest discard)
 * with Date.now() whenever its DOM changes; an event's latency is from just before its
 * appendEvent to the first time a page shows what the engine's view says it should.
 * Prints view.update_p50_ms and view.update_p95_ms (8 phones; goal: under 250), the same with
 * 16 phones (view.update_16_p50_ms, view.update_16_p95_ms) and view.server_rss_mb (this process:
 * store, engine and server, not the browser).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { createServices, dispatch } from '../electron/main/services/dispatch';
import { attachShare, createShare } from '../electron/main/share/share';
import { openStore } from '../electron/main/store/store';
import type { GameEvent } from '../src/core/events';
import { SEATS, type Seat } from '../src/core/seats';
import type { ShareStatus } from '../src/shared/contract/share';

const ROOT = resolve(import.meta.dirname, '../out/renderer');
const EVENTS = Number(process.env.VIEW_EVENTS ?? 40);
const GAP_MS = 350;
const TILES = ['1B', '5C', '9D', 'N', 'R', '0', 'F', '3B', '7C', 'W'] as const;

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};

if (!existsSync(join(ROOT, 'view.html'))) throw new Error('out/renderer/view.html is missing: run `npm run build` first');
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-view-'));
const store = openStore(join(dir, 'mahjmate.db'));
const share = createShare(store, { root: ROOT, host: '127.0.0.1' });
const services = attachShare(createServices(store), share);
const call = async <T>(channel: string, input?: unknown): Promise<T> => {
  const r = await dispatch(services, channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as T;
};

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows'],
});
/** One run: a fresh session shared to `viewers` phones; the latencies of EVENTS events. */
const run = async (viewers: number): Promise<number[]> => {
  const session = await call<{ id: number }>('setupSession', { setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] } });
  const game = await call<{ id: number }>('startGame', { sessionId: session.id });
  const { url } = await call<ShareStatus>('shareTable', { on: true });

  const contexts = [];
  const pages = [];
  for (let i = 0; i < viewers; i++) {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(ctx);
    const page = await ctx.newPage();
    // A string, not a function: tsx would wrap named functions in a helper the page lacks.
    await page.addInitScript({
      content: `window.__seen = []; let last = '';
        new MutationObserver(function () {
          const k = (document.querySelector('[data-testid="wall"] strong')?.textContent ?? '') + '|' + (document.querySelector('[data-testid="discard-name"]')?.textContent ?? '');
          if (k !== last) { last = k; window.__seen.push({ t: Date.now(), key: k }); }
        }).observe(document, { subtree: true, childList: true, characterData: true });`,
    });
    await page.goto(url!);
    await page.getByTestId('wall').waitFor();
    pages.push(page);
  }
  while (share.server()!.viewers() < viewers) await new Promise((r) => setTimeout(r, 20));

  // Alternate discards and picks, so each event changes the wall count or the latest discard.
  const sent: { t: number; key: string }[] = [];
  let turn: Seat = 'E';
  for (let i = 0; i < EVENTS; i++) {
    const event: GameEvent = i % 2 === 0 ? { type: 'discard', seat: turn, tile: TILES[(i / 2) % TILES.length]! } : { type: 'pick', seat: (turn = SEATS[(SEATS.indexOf(turn) + 1) % 4]!) };
    const t = Date.now();
    await call('appendEvent', { gameId: game.id, event });
    const v = share.sharedView();
    sent.push({ t, key: `${v.wall}|${v.live?.name ?? ''}` });
    await new Promise((r) => setTimeout(r, GAP_MS));
  }

  const latencies: number[] = [];
  for (const page of pages) {
    const seen = (await page.evaluate('window.__seen')) as { t: number; key: string }[];
    // Quick events may reach a phone as one update: an event is shown when its own state, or a
    // later one, first shows.
    const order = new Map(sent.map((s, i) => [s.key, i]));
    for (const [i, s] of sent.entries()) {
      const hit = seen.find((x) => x.t >= s.t && (order.get(x.key) ?? -1) >= i);
      if (!hit) throw new Error(`a phone never showed ${s.key} at ${s.t}: ${JSON.stringify(seen.slice(0, 6))}`);
      latencies.push(hit.t - s.t);
    }
  }
  await call('shareTable', { on: false });
  for (const c of contexts) await c.close();
  return latencies;
};

try {
  const eight = await run(8);
  console.log(`view.update_p50_ms: ${quantile(eight, 0.5)}`);
  console.log(`view.update_p95_ms: ${quantile(eight, 0.95)}`);
  const sixteen = await run(16);
  console.log(`view.update_16_p50_ms: ${quantile(sixteen, 0.5)}`);
  console.log(`view.update_16_p95_ms: ${quantile(sixteen, 0.95)}`);
  console.log(`view.server_rss_mb: ${(process.memoryUsage().rss / 2 ** 20).toFixed(1)}`);
} finally {
  await browser.close();
  await share.stop();
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
