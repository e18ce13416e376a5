/**
 * Join bench (issue 24): phones that scan the QR code together. The real share server on
 * 127.0.0.1 serves the BUILT view page to 16 fresh Chromium contexts at 390x844 that all load at
 * the same moment; then the same while a guest on the network, without the link, holds 200 silent
 * and 200 slow-header sockets against the server (reopening each one it closes;
 * tools/security/slow-peers.ts, to 127.0.0.1 only, stopping by itself). As in a room, the guest's
 * device has its own address (127.0.0.2); the phones share 127.0.0.1 (Chromium connects from it),
 * where a room's phones each have their own. (test/e2e/share-crowd.spec.ts runs the attack from
 * the phones' own address too.)
 *
 * What is timed, for each page: from the moment THAT page is asked to load to the moment its own
 * DOM shows the game (the live link and the discard on the table), stamped inside the page
 * (Date.now(): the page and this process read the same clock), so Playwright's polling adds
 * nothing. Sixteen Chromium renderers started at once on this machine share its CPU, which a
 * room's phones do not (each has its own), so two more figures say where the time goes:
 * - view.join_16_floor_ms_p95: the same 16 fresh contexts loading a one-line page from a bare
 *   node:http server at the same moment: what Chromium alone costs here, with no share server;
 * - share.join_16_http_ms_p95: 16 plain HTTP clients doing what a page does (the page, then the
 *   stream up to its first view) at the same moment: the share server's own part.
 * Prints view.join_16_loaded (pages showing the game within 5 s of being asked, goal 16),
 * view.join_16_ms_p95, share.starved_page_loads_ok (the fraction of the 16 page loads during the
 * attack that show the game at all, within 30 s: a page the server kept out never does; goal 1),
 * share.starved_join_ms_p95, and the HTTP clients' share.starved_http_ok and
 * share.starved_http_ms_p95 during the attack.
 */
import { createServer, request } from 'node:http';
import type { Browser } from 'playwright-core';
import { slowPeers } from '../tools/security/slow-peers';
import { PHONE, quantile, shareBench } from './lib/share';

const PHONES = 16;
const LOADED_MS = 5_000;
/** A page load that shows nothing by then never will: the figure counts it as kept out. */
const GIVE_UP_MS = 30_000;

/** Stamps, inside the page, the first moment it shows the game. */
const SHOWN = `window.__shown = new Promise(function (ok) {
  new MutationObserver(function (_, o) {
    if (document.querySelector('main[data-link="live"] [data-testid="discard-name"]')) { o.disconnect(); ok(Date.now()); }
  }).observe(document, { subtree: true, childList: true, attributes: true });
});`;

const within = <T>(p: Promise<T>, ms: number, late: T): Promise<T> =>
  Promise.race([p, new Promise<T>((ok) => setTimeout(() => ok(late), Math.max(0, ms)).unref())]);

/**
 * 16 fresh contexts load `url` together; for each, ms from being asked until it shows the game
 * (`shows: false`: until its load event), Infinity when not by `limit`.
 */
const loadTogether = async (browser: Browser, url: string, shows: boolean, limit = GIVE_UP_MS): Promise<number[]> => {
  const ctxs = await Promise.all(Array.from({ length: PHONES }, () => browser.newContext(PHONE)));
  const pages = await Promise.all(ctxs.map((c) => c.newPage()));
  if (shows) await Promise.all(pages.map((p) => p.addInitScript({ content: SHOWN })));
  const times = await Promise.all(
    pages.map(async (p) => {
      const asked = Date.now();
      try {
        await p.goto(url, { timeout: limit, waitUntil: shows ? 'commit' : 'load' });
        const at = shows ? await within(p.evaluate<number>('window.__shown'), limit - (Date.now() - asked), Infinity) : Date.now();
        return at - asked;
      } catch (e) {
        process.stderr.write(`a page did not load: ${(e as Error).message.split('\n')[0]}\n`);
        return Infinity;
      }
    }),
  );
  await Promise.all(ctxs.map((c) => c.close()));
  return times;
};

/** One plain HTTP client doing what the page does: the page (all of it), then the stream until its first view; ms, or Infinity. */
const httpJoin = (url: string, limit = GIVE_UP_MS): Promise<number> => {
  const t0 = Date.now();
  const get = (u: string, done: (body: string) => boolean): Promise<void> =>
    new Promise((ok, fail) => {
      const req = request(u, { agent: false, headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (c: string) => {
          body += c;
          if (done(body)) {
            req.destroy();
            ok();
          }
        });
        res.on('end', () => (res.statusCode === 200 ? ok() : fail(new Error(`HTTP ${res.statusCode}`))));
      });
      req.setTimeout(limit, () => req.destroy(new Error('timed out')));
      req.on('error', fail);
      req.end();
    });
  return get(url, () => false)
    .then(() => get(`${url}events`, (b) => /\ndata: \{"view"/.test(b)))
    .then(
      () => Date.now() - t0,
      () => Infinity,
    );
};

const waitUntil = async (ok: () => boolean, ms: number): Promise<void> => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
};

/** A bare server's one-line page: the floor, what 16 Chromium page loads at once cost here. */
const floorServer = async (): Promise<{ url: string; close: () => void }> => {
  const s = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><p>MahjMate</p>'));
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(s.address() as { port: number }).port}/`, close: () => void s.close() };
};

const bench = await shareBench('join');
const floor = await floorServer();
const fmt = (ms: number): string => (Number.isFinite(ms) ? String(ms) : 'Infinity');
try {
  const { gameId, url } = await bench.table();
  await bench.call('appendEvent', { gameId, event: { type: 'discard', seat: 'E', tile: '5B' } });
  const server = bench.share.server()!;
  const seatsFree = () => waitUntil(() => server.viewers() === 0, 20_000);

  console.log(`view.join_16_floor_ms_p95: ${fmt(quantile(await loadTogether(bench.browser, floor.url, false), 0.95))}`);
  const plain = await loadTogether(bench.browser, url, true);
  console.log(`view.join_16_loaded: ${plain.filter((t) => t <= LOADED_MS).length}`);
  console.log(`view.join_16_ms_p95: ${fmt(quantile(plain, 0.95))}`);
  await seatsFree();
  console.log(`share.join_16_http_ms_p95: ${fmt(quantile(await Promise.all(Array.from({ length: PHONES }, () => httpJoin(url))), 0.95))}`);
  await seatsFree();

  const attack = slowPeers({ port: server.port, silent: 200, slow: 200, from: '127.0.0.2', stopAfterMs: 180_000 });
  try {
    await waitUntil(() => attack.open() >= 400, 10_000);
    const starved = await loadTogether(bench.browser, url, true);
    console.log(`share.starved_page_loads_ok: ${(starved.filter(Number.isFinite).length / PHONES).toFixed(2)}`);
    console.log(`share.starved_join_ms_p95: ${fmt(quantile(starved, 0.95))}`);
    await seatsFree();
    const http = await Promise.all(Array.from({ length: PHONES }, () => httpJoin(url)));
    console.log(`share.starved_http_ok: ${(http.filter(Number.isFinite).length / PHONES).toFixed(2)}`);
    console.log(`share.starved_http_ms_p95: ${fmt(quantile(http, 0.95))}`);
  } finally {
    attack.stop();
  }
} finally {
  floor.close();
  await bench.close();
}
