import type { Store } from './store';

/** The sessions an imported record could repeat: the same players, in the same order, and as many games. */
export const sameTableSessions = (store: Store, players: readonly string[], games: number): number[] =>
  (
    store.db
      .prepare(
        `SELECT s.id FROM sessions s
         WHERE json_extract(s.setup, '$.players') = json(?)
           AND (SELECT count(*) FROM games g WHERE g.session_id = s.id) = ?
         ORDER BY s.id`,
      )
      .all(JSON.stringify(players), games) as { id: number }[]
  ).map((r) => r.id);
