import { sessionStatsRepo } from '../store/sessionStats.repo';
import type { Handlers, ServiceContext } from './context';
import type { PlayerStats } from '../../../src/shared/contract/session';
import { groupPlayerStats } from './groupStats';
import { figuresOf, playerStats, STATS_SESSIONS } from './playerStats';
import { buildLedger } from './sessionLedger';

/** How far the Stats figures are worked out: sessions with figures stored, of those Stats reads. */
export interface StatsProgress {
  done: number;
  total: number;
}

/**
 * The one-time work behind the Stats screen, out of the player's way. Each session's figures come
 * from replaying it (migration 5 keeps them until the session changes); after an upgrade, or an
 * import of many sessions, none are stored, and ten years of play-by-play take seconds to replay.
 * So they are worked out a slice at a time: in the background from the start of the app, and by
 * the Stats screen, which shows the progress until every session is done.
 */
const progressOf = (ctx: ServiceContext): StatsProgress => {
  const { missing, total } = sessionStatsRepo(ctx.store).missing(STATS_SESSIONS);
  return { done: total - missing.length, total };
};

export const fillStats = (ctx: ServiceContext, budgetMs: number): StatsProgress => {
  const repo = sessionStatsRepo(ctx.store);
  const { missing, total } = repo.missing(STATS_SESSIONS);
  const start = performance.now();
  const computed: Parameters<typeof repo.put>[0][number][] = [];
  // At least one session per slice, so every call moves on however busy the machine is.
  for (const sessionId of missing) {
    computed.push({ sessionId, figures: figuresOf(buildLedger(ctx, sessionId)) });
    if (performance.now() - start >= budgetMs) break;
  }
  if (computed.length > 0) repo.put(computed);
  return { done: total - missing.length + computed.length, total };
};

/** A slice of the Stats screen's call: short, so the screen shows its progress at once (then asks again). */
const SCREEN_SLICE_MS = 40;
/** A slice of the background fill: the event loop answers the page between slices. */
const BACKGROUND_SLICE_MS = 10;
/**
 * How long the page must have asked nothing before the background fill works on: a screen's
 * calls (a ledger, then its audit) come in a burst, and each would otherwise wait for a slice
 * (a session of ten years' play-by-play takes 20-100 ms to replay on a busy machine).
 */
export const QUIET_MS = 400;

export const statsFillServices = (ctx: ServiceContext): Handlers<'statsProgress'> => ({
  statsProgress: (input): StatsProgress & { players?: PlayerStats[] } => {
    // In a group, Stats is the group's replay: nothing of this laptop's own to work out first.
    const group = groupPlayerStats(ctx.store);
    if (group) return { done: 1, total: 1, players: group };
    const p = input?.peek ? progressOf(ctx) : fillStats(ctx, SCREEN_SLICE_MS);
    return p.done < p.total ? p : { ...p, players: playerStats(ctx) };
  },
});

/**
 * Work out every missing figure in the background (the app's start), a slice per turn of the
 * event loop, and only while the player is reading: `sinceLastCall` is how long ago the page last
 * asked anything (ms). It starts once the first screen has been served and quiet for QUIET_MS.
 */
export const fillStatsInBackground = (ctx: ServiceContext, sinceLastCall: () => number): void => {
  const slice = () => {
    try {
      if (!ctx.store.db.open) return;
      const wait = QUIET_MS - sinceLastCall();
      // unref: a pending slice does not hold a closing process (tests, benches) open.
      if (wait > 0) return void setTimeout(slice, wait).unref();
      const p = fillStats(ctx, BACKGROUND_SLICE_MS);
      if (p.done < p.total) setImmediate(slice);
    } catch {
      // A session that does not replay is reported where it is opened (its ledger); Stats computes the rest itself.
    }
  };
  setImmediate(slice);
};
