/**
 * Large-data bench (issue 7.4): a history of 2,000 sessions of 20 quick-scored games (40,000
 * games) in a real store; times what the app does with it through dispatch (the IPC path):
 * listing (listSessions, the most the contract allows: 500), opening and settling every
 * session (sessionLedger, and exportSession + replaySession, the `replay` path), player stats
 * and the history export. Prints `name: value` lines (ms). The UI side (the longest main-thread
 * task in Chromium) is bench/large-ui.ts.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseRecord, replaySession } from '../src/core/record';
import { createServices } from '../electron/main/services/dispatch';
import { openStore } from '../electron/main/store/store';
import { seedHistory } from '../tools/security/large-history';
import { caller } from './lib/call';
import { quantile, timeEverySession } from './lib/every-session';

const dir = mkdtempSync(join(tmpdir(), 'mahjmate-large-'));
try {
  const path = join(dir, 'mahjmate.db');
  let store = openStore(path);
  let t = performance.now();
  const seeded = seedHistory(store);
  console.log(`large.sessions: ${seeded.sessions}`);
  console.log(`large.games: ${seeded.games}`);
  console.log(`large.events: ${seeded.events}`);
  console.log(`large.seed_ms: ${(performance.now() - t).toFixed(0)}`);
  store.close();
  console.log(`large.db_bytes: ${statSync(path).size}`);

  t = performance.now();
  store = openStore(path); // as at app start: integrity check, migrations
  console.log(`large.open_ms: ${(performance.now() - t).toFixed(1)}`);
  const services = createServices(store);
  const call = caller(services);

  t = performance.now();
  const list = (await call('listSessions', { limit: 500 })) as { id: number }[];
  console.log(`large.list_500_ms: ${(performance.now() - t).toFixed(1)}`);
  t = performance.now();
  const all = store.listSessions(1_000_000);
  console.log(`large.list_all_ms: ${(performance.now() - t).toFixed(1)}`);
  if (list.length !== 500 || all.length !== seeded.sessions) throw new Error('listing is short');

  t = performance.now();
  const { ledger, replay } = await timeEverySession(all, call, (text) => {
    const rec = parseRecord(text);
    return rec.ok && replaySession(rec.value).ok;
  });
  console.log(`large.settle_all_ms: ${(performance.now() - t).toFixed(0)}`);
  console.log(`large.ledger_p50_ms: ${quantile(ledger, 0.5).toFixed(2)}`);
  console.log(`large.ledger_p95_ms: ${quantile(ledger, 0.95).toFixed(2)}`);
  console.log(`large.ledger_max_ms: ${Math.max(...ledger).toFixed(2)}`);
  console.log(`large.export_replay_p95_ms: ${quantile(replay, 0.95).toFixed(2)}`);

  t = performance.now();
  await call('playerStats');
  console.log(`large.player_stats_ms: ${(performance.now() - t).toFixed(0)}`);
  t = performance.now();
  await call('exportHistory');
  console.log(`large.export_history_500_ms: ${(performance.now() - t).toFixed(0)}`);
  store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
