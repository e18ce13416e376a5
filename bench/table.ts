/**
 * Table bench: keypress-to-rendered-state for a discard typed on the table screen, with 301
 * events already recorded in the game. The BUILT renderer (out/renderer, `npm run build`
 * first) runs in Debian's Chromium with the real services on a real SQLite file bridged in,
 * as in test/e2e/harness.ts. Timed in the page: from the Enter keydown to the first animation
 * frame after the new discard is in the DOM. Prints `table.discard_p95_ms: N` (goal: under 16), and
 * `table.discard_dom_p95_ms` (Enter to the DOM updated, without waiting for the frame).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bridgeServices, launchChromium, serveRenderer } from './lib/page';
import type { GameEvent } from '../src/core/events';
import { SEATS, type Seat } from '../src/core/seats';
import { TILES as ALL_TILES } from '../src/core/tiles';
import { createServices, dispatch } from '../electron/main/services/dispatch';
import { openStore } from '../electron/main/store/store';

const SAMPLES = 30;
// Every kind but the joker in turn: 91 discards never put a fifth copy in sight (refused since issue 13).
const TILES = ALL_TILES.filter((t) => t !== 'J');

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};

const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-table-'));
const store = openStore(join(dir, 'mahjmate.db'));
const services = createServices(store);
const call = async (channel: string, input: unknown): Promise<{ id: number }> => {
  const r = await dispatch(services, channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as { id: number };
};

const server = await serveRenderer();
const origin = server.origin;

const browser = await launchChromium();
try {
  // A game with 301 events: East's opening discard, then 60 turns of pick, rack, undo, rack, discard.
  const session = await call('setupSession', { setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] } });
  const game = await call('startGame', { sessionId: session.id });
  const events: GameEvent[] = [{ type: 'discard', seat: 'E', tile: '2B' }];
  for (let t = 1; t <= 60; t++) {
    const seat: Seat = SEATS[t % 4]!;
    events.push(
      { type: 'pick', seat },
      { type: 'rack', seat },
      { type: 'retract' },
      { type: 'rack', seat },
      { type: 'discard', seat, tile: TILES[t % TILES.length]! },
    );
  }
  let seq = 0;
  for (const event of events) {
    const r = await dispatch(services, 'appendEvent', { gameId: game.id, event, afterSeq: seq });
    if (!r.ok) throw new Error(`appendEvent ${JSON.stringify(event)}: ${r.error.message}`);
    seq = (r.value as { seq: number }).seq;
  }

  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await bridgeServices(page, services);
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
      if (tries > 500)
        throw new Error(
          `discard ${i + 1} did not render: ${String(await page.evaluate(`[document.querySelectorAll(".floor li").length, (window.__samples || "none").length, document.querySelector("[data-testid=refusal]")?.textContent, document.querySelector("[data-testid=preview]")?.textContent]`))}`,
        );
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  await page.getByTestId('save').filter({ hasText: 'All saved' }).waitFor();
  const samples = ((await page.evaluate('window.__samples')) as number[]).slice(3); // the first few warm the JIT
  if (problems.length) throw new Error(`page errors: ${problems.join('; ')}`);
  const stored = store.loadEvents(game.id).length;
  if (stored !== events.length + 2 * (SAMPLES + 3))
    throw new Error(`expected ${events.length + 2 * (SAMPLES + 3)} stored events, found ${stored}`);
  if (process.env['BENCH_VERBOSE']) console.error(samples.map((x) => x.toFixed(1)).join(' '));
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
