import type { Store } from './store';

/**
 * The sessions an imported record could repeat: the same roster players (by their names now), in
 * the same order, and as many games. None when a name is not on the roster (a new player).
 */
export const sameTableSessions = (store: Store, players: readonly string[], games: number): number[] => {
  const byName = store.db.prepare('SELECT id FROM players WHERE name = ? COLLATE NOCASE');
  const ids = players.map((n) => (byName.get(n) as { id: number } | undefined)?.id);
  if (ids.some((id) => id === undefined)) return [];
  return (
    store.db
      .prepare(
        `SELECT s.id FROM sessions s
         WHERE (SELECT json_group_array(player_id ORDER BY position) FROM session_players sp WHERE sp.session_id = s.id) = json(?)
           AND (SELECT count(*) FROM games g WHERE g.session_id = s.id) = ?
         ORDER BY s.id`,
      )
      .all(JSON.stringify(ids), games) as { id: number }[]
  ).map((r) => r.id);
};
