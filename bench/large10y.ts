/**
 * Ten years of play-by-play (issue 13 item 5): a group's 520 weekly sessions of 12 fully recorded
 * simulated games (about 550,000 events) in a real store (SQLite file through libsql), timed
 * through dispatch as the app calls it. Prints `large10y.events`; `large10y.open_ms` (a start
 * after a clean quit) and `large10y.open_unsealed_ms` (a start after a crash or on a copied file:
 * the full integrity check, plus the clean close); `large10y.home_ms` (the 12 latest sessions);
 * `large10y.history_ms` (500 sessions); `large10y.player_stats_first_ms` (the Stats screen's first
 * answer on a file whose figures were never worked out: the progress of that one-time work),
 * `large10y.stats_fill_ms` (the one-time work itself, done in the background with progress) and
 * `large10y.player_stats_ms`; `large10y.ledger_p95_ms` and
 * `large10y.export_replay_p95_ms` (every session: its ledger; its export parsed and replayed);
 * `large10y.db_mb`. Goals: open and every screen's data under 100 ms, player stats under 300 ms, its first answer under 500.
 * The file (bench/lib/ten-years.ts) is built once and cached; each run times a fresh copy. The
 * screens themselves, in Chromium, are bench/large10y-ui.ts.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importShipped } from './lib/shipped';
import { quantile, timeEverySession } from './lib/every-session';
import { tenYearsCopy } from './lib/ten-years';

// Timed as the app ships it (bundled without tsx's per-function wrapping, see lib/shipped.ts).
const { createServices, dispatch, openStore, parseRecord, replaySession } = await importShipped<typeof import('./lib/large10y-entry')>(
  join(import.meta.dirname, 'lib/large10y-entry.ts'),
  { externalPackages: true },
);

const ms = (t: number): string => (performance.now() - t).toFixed(1);

const copy = tenYearsCopy();
try {
  const path = copy.path;
  // The first start on a file the app did not close (a copy, a crash): the full integrity check.
  let t = performance.now();
  openStore(path).close(); // a clean quit seals the file
  console.log(`large10y.open_unsealed_ms: ${ms(t)}`);
  t = performance.now();
  const store = openStore(path); // as at every start after a clean quit: seal, application id, migrations
  console.log(`large10y.open_ms: ${ms(t)}`);
  const count = (sql: string): number => (store.db.prepare(sql).get() as { n: number }).n;
  console.log(`large10y.sessions: ${count('SELECT count(*) AS n FROM sessions')}`);
  console.log(`large10y.games: ${count('SELECT count(*) AS n FROM games')}`);
  console.log(`large10y.events: ${count('SELECT count(*) AS n FROM events')}`);
  const services = createServices(store);
  const call = async (channel: string, payload?: unknown) => {
    const r = await dispatch(services, channel, payload);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.value;
  };

  t = performance.now();
  await Promise.all([call('listSessions', { limit: 12 }), call('appInfo'), call('startupReport')]);
  console.log(`large10y.home_ms: ${ms(t)}`);
  t = performance.now();
  await call('listSessions', { limit: 500 });
  console.log(`large10y.history_ms: ${ms(t)}`);
  // The first visit to Stats after an upgrade: nothing stored yet. The screen's first answer is
  // the progress of the one-time work (it only asks); it then asks, a slice a call, until all are done.
  t = performance.now();
  const first = (await call('statsProgress', { peek: true })) as { done: number; total: number };
  if (first.done >= first.total) await call('playerStats');
  console.log(`large10y.player_stats_first_ms: ${ms(t)}`);
  t = performance.now();
  for (let p = first; p.done < p.total;) p = (await call('statsProgress')) as typeof first;
  console.log(`large10y.stats_fill_ms: ${ms(t)}`); // the one-time work, off the player's way (background, with progress)
  t = performance.now();
  await call('playerStats');
  console.log(`large10y.player_stats_ms: ${ms(t)}`);

  const { ledger, replay } = await timeEverySession(store.listSessions(1_000_000), call, (text) => {
    const rec = parseRecord(text);
    return rec.ok && replaySession(rec.value).ok;
  });
  console.log(`large10y.ledger_p50_ms: ${quantile(ledger, 0.5).toFixed(1)}`);
  console.log(`large10y.ledger_p95_ms: ${quantile(ledger, 0.95).toFixed(1)}`);
  console.log(`large10y.export_replay_p95_ms: ${quantile(replay, 0.95).toFixed(1)}`);
  store.close();
  console.log(`large10y.db_mb: ${(statSync(path).size / 1e6).toFixed(1)}`);
} finally {
  copy.done();
}
