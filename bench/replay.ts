/**
 * Replays a generated 10,000-event session (5 players with bets, discards, calls, joker
 * exchanges, pie caps) end to end: parse the record text, replay every game, pay, settle.
 * Prints `replay.10k_events_ms: N`, the median of 7 runs after 2 warm-ups, timing the engine
 * bundled as the app ships it (bench/lib/shipped.ts).
 */
import { fileURLToPath } from 'node:url';
import { importShipped } from './lib/shipped';

type Entry = typeof import('./lib/replay-entry');
const { parseRecord, replaySession, serialiseRecord, eventCount, generateRecord } = await importShipped<Entry>(
  fileURLToPath(new URL('./lib/replay-entry.ts', import.meta.url)),
);

const record = generateRecord(2026, 10_000);
const text = serialiseRecord(record);
const once = (): number => {
  const t0 = performance.now();
  const parsed = parseRecord(text);
  if (!parsed.ok) throw new Error(`generated record invalid: ${parsed.error.message}`);
  const r = replaySession(parsed.value);
  if (!r.ok) throw new Error(`generated record illegal: game ${r.error.game}, event ${r.error.index}: ${r.error.message}`);
  return performance.now() - t0;
};
for (let i = 0; i < 2; i++) once();
const runs = Array.from({ length: 7 }, once).sort((a, b) => a - b);
console.log(`replay.events: ${eventCount(record)}`);
console.log(`replay.games: ${record.games.length}`);
console.log(`replay.10k_events_ms: ${runs[3]!.toFixed(1)}`);
