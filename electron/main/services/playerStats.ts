import type { PlayerStats } from '../../../src/shared/contract/session';
import { sessionStatsRepo, type SessionFigures } from '../store/sessionStats.repo';
import { figuresOf, noStats } from './figures';
import type { ServiceContext } from './context';
import { groupPlayerStats } from './groupStats';
import { buildLedger } from './sessionLedger';

/** Stats reads the latest sessions, as many as History lists. */
export const STATS_SESSIONS = 500;

export { figuresOf } from './figures';

/**
 * In a group, the whole group's figures (groupStats.ts). Otherwise every roster player's figures over the STATS_SESSIONS latest sessions, by roster id (session_players), so
 * a renamed player keeps her history under her new name. Each session's figures come from its
 * ledger once, then from the store's summary (migration 5) until the session changes.
 */
export const playerStats = (ctx: ServiceContext): PlayerStats[] => groupPlayerStats(ctx.store) ?? ownStats(ctx);

/** This laptop's own sessions' figures (no group joined). */
const ownStats = (ctx: ServiceContext): PlayerStats[] => {
  const repo = sessionStatsRepo(ctx.store);
  const stats = new Map<number, PlayerStats>(ctx.store.listPlayers().map((p) => [p.id, noStats(p.name, p.retired)]));
  const valueSum = new Map<number, number>();
  const stored = repo.latest(STATS_SESSIONS);
  const ids = repo.playerIds(STATS_SESSIONS);
  const computed: { sessionId: number; figures: SessionFigures[] }[] = [];
  const sessions = ctx.store.listSessions(STATS_SESSIONS).slice().reverse(); // oldest first
  for (const s of sessions) {
    let figures = stored.get(s.id);
    if (!figures) {
      figures = figuresOf(buildLedger(ctx, s.id));
      computed.push({ sessionId: s.id, figures });
    }
    const roster = ids.get(s.id) ?? [];
    figures.forEach((f, i) => {
      const id = roster[i];
      const p = id === undefined ? undefined : stats.get(id);
      if (id === undefined || !p) return;
      p.games += f.games;
      p.wins += f.wins;
      p.selfPicks += f.selfPicks;
      p.jokerlessWins += f.jokerlessWins;
      valueSum.set(id, (valueSum.get(id) ?? 0) + f.valueSum);
      p.sessions++;
      p.cents += f.cents;
      p.moneyOverTime.push({ sessionId: s.id, date: s.createdAt, cents: p.cents });
    });
  }
  if (computed.length > 0) repo.put(computed);
  for (const [id, p] of stats) p.averageValue = p.wins ? Math.round((10 * valueSum.get(id)!) / p.wins) / 10 : null;
  return [...stats.values()];
};
