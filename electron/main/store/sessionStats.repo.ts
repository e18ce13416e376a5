import type { Store } from './store';

/** One player's figures in one session (by her position in the session's players). */
export interface SessionFigures {
  games: number;
  wins: number;
  selfPicks: number;
  jokerlessWins: number;
  valueSum: number;
  cents: number;
}

/**
 * The Stats screen's per-session figures (migration 5): read all at once, written when computed.
 * Triggers drop a session's row when its games, events, setup or players change.
 */
export interface SessionStatsRepo {
  /** The stored figures of the `latest` sessions (as listed: newest first). */
  latest(latest: number): Map<number, SessionFigures[]>;
  /** The roster ids of the `latest` sessions' players, in the order of each one's players. */
  playerIds(latest: number): Map<number, number[]>;
  put(rows: readonly { sessionId: number; figures: SessionFigures[] }[]): void;
  /** Of the `latest` sessions (newest first, as listed), those without stored figures, and how many there are in all. */
  missing(latest: number): { missing: number[]; total: number };
}

export const sessionStatsRepo = (store: Store): SessionStatsRepo => {
  // The latest sessions by the sessions_by_date index: Stats reads those only, however long the history.
  const LATEST = 'SELECT id FROM sessions ORDER BY created_at DESC, id DESC LIMIT ?';
  const q = {
    figures: store.db.prepare(`SELECT session_id, figures FROM session_stats WHERE session_id IN (${LATEST})`),
    ids: store.db.prepare(
      `SELECT session_id, player_id FROM session_players WHERE session_id IN (${LATEST}) ORDER BY session_id, position`,
    ),
    put: store.db.prepare('INSERT OR REPLACE INTO session_stats (session_id, figures) VALUES (?, ?)'),
    latest: store.db.prepare(
      `SELECT s.id, EXISTS (SELECT 1 FROM session_stats t WHERE t.session_id = s.id) AS stored
       FROM sessions s ORDER BY s.created_at DESC, s.id DESC LIMIT ?`,
    ),
  };
  return {
    latest: (latest) =>
      new Map(
        (q.figures.all(latest) as { session_id: number; figures: string }[]).map((r) => [
          r.session_id,
          JSON.parse(r.figures) as SessionFigures[],
        ]),
      ),
    playerIds: (latest) => {
      const out = new Map<number, number[]>();
      for (const r of q.ids.all(latest) as { session_id: number; player_id: number }[]) {
        const list = out.get(r.session_id);
        if (list) list.push(r.player_id);
        else out.set(r.session_id, [r.player_id]);
      }
      return out;
    },
    put: (rows) => store.transaction(() => rows.forEach((r) => void q.put.run(r.sessionId, JSON.stringify(r.figures)))),
    missing: (latest) => {
      const rows = q.latest.all(latest) as { id: number; stored: number }[];
      return { missing: rows.filter((r) => r.stored === 0).map((r) => r.id), total: rows.length };
    },
  };
};
