/**
 * Join bench (issue 24): phones that scan the QR code together. The real share server on
 * 127.0.0.1 serves the BUILT view page (out/renderer, `npm run build` first) to 16 fresh Chromium
 * contexts at 390x844 that all load at the same moment; a page has joined when it shows the game
 * (the live link and the discard on the table). Then the same with a guest on the network holding
 * 200 silent sockets against the server (reopening each one closed; tools/security/slow-peers.ts,
 * to 127.0.0.1 only, stopping by itself).
 * Prints view.join_16_loaded (pages showing the game within 5 s, goal 16), view.join_16_ms_p95,
 * share.starved_page_loads_ok (the fraction of the 16 page loads during the attack that show the
 * game within 10 s, goal 1) and share.starved_join_ms_p95.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createServices, dispatch } from '../electron/main/services/dispatch';
import { attachShare, createShare } from '../electron/main/share/share';
import { openStore } from '../electron/main/store/store';
import type { ShareStatus } from '../src/shared/contract/share';
import { slowPeers } from '../tools/security/slow-peers';

const ROOT = resolve(import.meta.dirname, '../out/renderer');
const PHONES = 16;

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};

if (!existsSync(join(ROOT, 'view.html'))) throw new Error('out/renderer/view.html is missing: run `npm run build` first');
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-join-'));
const store = openStore(join(dir, 'mahjmate.db'));
const share = createShare(store, { root: ROOT, host: '127.0.0.1' });
const services = attachShare(createServices(store), share);
const call = async <T>(channel: string, input?: unknown): Promise<T> => {
  const r = await dispatch(services, channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as T;
};

/** 16 fresh contexts load `url` together; ms from the start until each shows the game (Infinity: never within `limit`). */
const join16 = async (browser: Browser, url: string, limit: number): Promise<number[]> => {
  const ctxs = await Promise.all(Array.from({ length: PHONES }, () => browser.newContext({ viewport: { width: 390, height: 844 } })));
  const pages = await Promise.all(ctxs.map((c) => c.newPage()));
  const t0 = Date.now();
  const times = await Promise.all(
    pages.map(async (p) => {
      try {
        await p.goto(url, { timeout: limit });
        await p.locator('main[data-link="live"] [data-testid="discard-name"]').waitFor({ timeout: Math.max(1, limit - (Date.now() - t0)) });
        return Date.now() - t0;
      } catch {
        return Infinity;
      }
    }),
  );
  await Promise.all(ctxs.map((c) => c.close()));
  return times;
};

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const session = await call<{ id: number }>('setupSession', { setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] } });
  const game = await call<{ id: number }>('startGame', { sessionId: session.id });
  await call('appendEvent', { gameId: game.id, event: { type: 'discard', seat: 'E', tile: '5B' } });
  const { url } = await call<ShareStatus>('shareTable', { on: true });

  const plain = await join16(browser, url!, 30_000);
  console.log(`view.join_16_loaded: ${plain.filter((t) => t <= 5_000).length}`);
  console.log(`view.join_16_ms_p95: ${quantile(plain, 0.95)}`);

  while (share.server()!.viewers() > 0) await new Promise((r) => setTimeout(r, 50));
  const attack = slowPeers({ port: share.server()!.port, silent: 200, slow: 0, stopAfterMs: 120_000 });
  try {
    while (attack.open() < 200) await new Promise((r) => setTimeout(r, 20));
    const starved = await join16(browser, url!, 10_000);
    console.log(`share.starved_page_loads_ok: ${(starved.filter((t) => t <= 10_000).length / PHONES).toFixed(2)}`);
    console.log(`share.starved_join_ms_p95: ${quantile(starved, 0.95)}`);
  } finally {
    attack.stop();
  }
} finally {
  await browser.close();
  await share.stop();
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
