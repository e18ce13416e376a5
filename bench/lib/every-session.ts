/** Every session's ledger and replay, timed one by one: shared by bench/large.ts and bench/large10y.ts. */
import { performance } from 'node:perf_hooks';

/** The q-quantile (0 to 1) of the figures. */
export const quantile = (xs: number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/**
 * Each session's ledger (sessionLedger), then its export parsed and replayed (the `replay` path),
 * each timed. `replays` says whether a table record's text replays; a session that does not stops the bench.
 */
export const timeEverySession = async (
  sessions: readonly { id: number }[],
  call: (channel: string, payload?: unknown) => Promise<unknown>,
  replays: (text: string) => boolean,
): Promise<{ ledger: number[]; replay: number[] }> => {
  const ledger: number[] = [];
  const replay: number[] = [];
  for (const s of sessions) {
    let t = performance.now();
    await call('sessionLedger', { sessionId: s.id });
    ledger.push(performance.now() - t);
    t = performance.now();
    if (!replays(((await call('exportSession', { sessionId: s.id })) as { text: string }).text))
      throw new Error(`session ${s.id} does not replay`);
    replay.push(performance.now() - t);
  }
  return { ledger, replay };
};
