import type { SavedSet } from '../../../src/shared/contract/tile-sets';
import type { Store } from './store';

/** The tile sets taught to the camera (migration 7). Names are unique whatever their case. */
export interface TileSetsRepo {
  all(): { name: string; set: SavedSet; active: boolean }[];
  /** Save under `name`, replacing a set of that name (any case), and make it the one in use. */
  save(name: string, set: SavedSet): void;
  /** false when there is no set of that name. */
  remove(name: string): boolean;
  /** Use the set of that name, or the built-in one (null); false when there is no such set. */
  use(name: string | null): boolean;
}

export const tileSetsRepo = (store: Store): TileSetsRepo => {
  const q = {
    all: store.db.prepare('SELECT name, data, active FROM tile_sets ORDER BY id'),
    upsert: store.db.prepare(
      `INSERT INTO tile_sets (name, data, saved_at) VALUES (?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET name = excluded.name, data = excluded.data, saved_at = excluded.saved_at`,
    ),
    remove: store.db.prepare('DELETE FROM tile_sets WHERE name = ?'),
    clearActive: store.db.prepare('UPDATE tile_sets SET active = 0 WHERE active = 1'),
    setActive: store.db.prepare('UPDATE tile_sets SET active = 1 WHERE name = ?'),
  };
  const use = (name: string | null): boolean =>
    store.transaction(() => {
      q.clearActive.run();
      return name === null || Number(q.setActive.run(name).changes) === 1;
    });
  return {
    all: () =>
      (q.all.all() as { name: string; data: string; active: number }[]).map((r) => ({
        name: r.name,
        set: JSON.parse(r.data) as SavedSet,
        active: r.active === 1,
      })),
    save: (name, set) =>
      store.transaction(() => {
        q.upsert.run(name, JSON.stringify({ ...set, name }), new Date().toISOString());
        use(name);
      }),
    remove: (name) => store.transaction(() => Number(q.remove.run(name).changes) === 1),
    use: (name) => {
      if (name === null) return use(null);
      // Refused without a change: the one in use stays when the name is unknown.
      return store.transaction(() => (store.db.prepare('SELECT 1 FROM tile_sets WHERE name = ?').get(name) ? use(name) : false));
    },
  };
};
