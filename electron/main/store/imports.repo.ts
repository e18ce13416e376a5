import { nameKey } from '../../../src/core/names';
import type { Store } from './store';

/**
 * The sessions an imported record could repeat: as many players and games, each player in the
 * record's order someone who has had the record's name for that place (her name now or one she
 * had before a rename, any spelling: nameKey). So a record exported before players were renamed,
 * even two who swapped names, still finds its session; records.ts then compares the games.
 */
export const sameTableSessions = (store: Store, players: readonly string[], games: number): number[] => {
  const held = new Map<number, Set<string>>();
  const hold = (id: number, name: string): void => {
    held.set(id, (held.get(id) ?? new Set()).add(nameKey(name)));
  };
  for (const p of store.db.prepare('SELECT id, name FROM players').all() as { id: number; name: string }[]) hold(p.id, p.name);
  for (const f of store.db.prepare('SELECT player_id, name FROM player_former_names').all() as { player_id: number; name: string }[])
    hold(f.player_id, f.name);
  const keys = players.map(nameKey);
  const sessions = store.db
    .prepare(
      `SELECT s.id, (SELECT json_group_array(player_id ORDER BY position) FROM session_players sp WHERE sp.session_id = s.id) AS ids
       FROM sessions s WHERE (SELECT count(*) FROM games g WHERE g.session_id = s.id) = ? ORDER BY s.id`,
    )
    .all(games) as { id: number; ids: string }[];
  return sessions
    .filter((s) => {
      const ids = JSON.parse(s.ids) as number[];
      return ids.length === keys.length && ids.every((id, i) => held.get(id)?.has(keys[i]!));
    })
    .map((s) => s.id);
};
