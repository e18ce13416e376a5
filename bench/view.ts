/**
 * View bench (issues 15 and 22): from an event stored on the host to the phone page's DOM showing
 * it, with 8 phones watching, then 16. The real share server on 127.0.0.1 serves the BUILT view
 * page (out/renderer, `npm run build` first) to Chromium pages at 390x844; the host appends events
 * through the real services on a real SQLite file. Each page logs (wall count | latest discard |
 * call sentence) with Date.now() whenever its DOM changes (the page and this process read the same
 * clock); an event's latency is from just before its appendEvent to the first time a page shows
 * what the engine's view says it should.
 * Prints view.update_p50_ms and view.update_p95_ms (discards and picks, 8 phones; goal: under
 * 250), the same with 16 phones (view.update_16_p50_ms, view.update_16_p95_ms),
 * view.call_shown_p95_ms (a call typed at the table to every one of the 8 phones showing its
 * sentence, "Bea called Ann’s Two Bam"; goal: under 250) and view.server_rss_mb (this process:
 * store, engine and server, not the browser).
 */
import type { Page } from 'playwright-core';
import type { GameEvent } from '../src/core/events';
import { SEATS, type Seat } from '../src/core/seats';
import type { TableView } from '../src/core/tableView';
import { PHONE, quantile, shareBench } from './lib/share';

const EVENTS = Number(process.env.VIEW_EVENTS ?? 40);
const GAP_MS = 350;
const TILES = ['1B', '5C', '9D', 'N', 'R', '0', 'F', '3B', '7C', 'W'] as const;
/** Tiles the discards above never use: each is discarded once and called as a pung. */
const CALLED = ['2B', '4B', '6B', '8B', '2C', '3C', '4C', '6C', '8C', '2D', '3D', '4D'] as const;

const bench = await shareBench('view', [
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
]);
const call = bench.call;

/** What a phone shows of a view, as the page's observer below writes it. */
const keyOf = (v: TableView): string =>
  `${v.wall}|${v.live?.name ?? ''}|${v.called && !v.live ? `${v.called.by} called ${v.called.from}’s ${v.called.name}` : ''}`;
// A string, not a function: tsx would wrap named functions in a helper the page lacks.
const OBSERVER = `window.__seen = []; let last = '';
  new MutationObserver(function () {
    const text = function (s) { const e = document.querySelector(s); return e ? e.textContent : ''; };
    const k = text('[data-testid="wall"] strong') + '|' + text('[data-testid="discard-name"]') + '|' + text('[data-testid="called"] .name');
    if (k !== last) { last = k; window.__seen.push({ t: Date.now(), key: k }); }
  }).observe(document, { subtree: true, childList: true, characterData: true });`;

interface Seen {
  t: number;
  key: string;
}
/** An event stored: when, what the phones should then show, and which figure it counts in. */
interface Sent extends Seen {
  kind: 'update' | 'call' | null;
}

/** Store `event`, note when and what the phones should then show, and leave a gap. */
const send = async (gameId: number, event: GameEvent, sent: Sent[], kind: Sent['kind']): Promise<void> => {
  const t = Date.now();
  await call('appendEvent', { gameId, event });
  sent.push({ t, key: keyOf(bench.share.sharedView()), kind });
  await new Promise((r) => setTimeout(r, GAP_MS));
};

/** For each page and each sent event of `kind`: ms until the page first showed it (or, for quick events that reached it as one update, a later state); Infinity when it never did. */
const latencies = (seenBy: Seen[][], sent: Sent[], kind: Sent['kind']): number[] => {
  const out: number[] = [];
  const order = new Map(sent.map((s, i) => [s.key, i]));
  for (const seen of seenBy) {
    for (const [i, s] of sent.entries()) {
      if (s.kind !== kind) continue;
      const hit = seen.find((x) => x.t >= s.t && (order.get(x.key) ?? -1) >= i);
      // Never shown (a phone that lost its stream and came back later, say): counted as Infinity, and said.
      if (!hit)
        process.stderr.write(
          `a phone never showed ${s.key} (sent at ${s.t}); it showed ${JSON.stringify(seen.filter((x) => x.t >= s.t - 2_000).slice(0, 4))}\n`,
        );
      out.push(hit ? hit.t - s.t : Infinity);
    }
  }
  return out;
};

/** One run: a fresh session shared to `viewers` phones; the latencies of EVENTS discards and picks, and, with `calls`, of called discards. */
const run = async (viewers: number, calls: boolean): Promise<{ updates: number[]; calls: number[] }> => {
  const { gameId, url } = await bench.table();
  const contexts = [];
  const pages: Page[] = [];
  for (let i = 0; i < viewers; i++) {
    const ctx = await bench.browser.newContext(PHONE);
    contexts.push(ctx);
    const page = await ctx.newPage();
    await page.addInitScript({ content: OBSERVER });
    await page.goto(url);
    await page.getByTestId('wall').waitFor();
    pages.push(page);
  }
  while (bench.share.server()!.viewers() < viewers) await new Promise((r) => setTimeout(r, 20));

  // Alternate discards and picks, so each event changes the wall count or the latest discard.
  const sent: Sent[] = [];
  let turn: Seat = 'E';
  for (let i = 0; i < EVENTS; i++) {
    const event: GameEvent =
      i % 2 === 0
        ? { type: 'discard', seat: turn, tile: TILES[(i / 2) % TILES.length]! }
        : { type: 'pick', seat: (turn = SEATS[(SEATS.indexOf(turn) + 1) % 4]!) };
    await send(gameId, event, sent, 'update');
  }
  // Then each discard is called by the next player, who discards the next tile: only the calls are timed.
  if (calls) {
    // The last event above was a pick: the player in turn discards first.
    if (EVENTS % 2 !== 0) throw new Error('VIEW_EVENTS must be even: the calls start with a discard by the player who just picked');
    const after = turn;
    for (const [i, tile] of CALLED.entries()) {
      const by = SEATS[(SEATS.indexOf(after) + i) % 4]!;
      const caller = SEATS[(SEATS.indexOf(by) + 1) % 4]!;
      await send(gameId, { type: 'discard', seat: by, tile }, sent, null);
      await send(gameId, { type: 'call', seat: caller, exposure: [tile, tile, tile] }, sent, 'call');
    }
  }

  const seenBy: Seen[][] = [];
  for (const page of pages) seenBy.push((await page.evaluate('window.__seen')) as Seen[]);
  await call('shareTable', { on: false });
  for (const c of contexts) await c.close();
  return { updates: latencies(seenBy, sent, 'update'), calls: latencies(seenBy, sent, 'call') };
};

try {
  const eight = await run(8, true);
  console.log(`view.update_p50_ms: ${quantile(eight.updates, 0.5)}`);
  console.log(`view.update_p95_ms: ${quantile(eight.updates, 0.95)}`);
  console.log(`view.call_shown_p95_ms: ${quantile(eight.calls, 0.95)}`);
  const sixteen = await run(16, false);
  console.log(`view.update_16_p50_ms: ${quantile(sixteen.updates, 0.5)}`);
  console.log(`view.update_16_p95_ms: ${quantile(sixteen.updates, 0.95)}`);
  console.log(`view.server_rss_mb: ${(process.memoryUsage().rss / 2 ** 20).toFixed(1)}`);
} finally {
  await bench.close();
}
