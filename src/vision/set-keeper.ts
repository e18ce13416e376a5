/**
 * Where the player's taught tile sets are kept. In the app: the database, through main
 * (renderer/lib/tile-set-keeper.ts). Where there is no main (the camera's test page): memory,
 * for as long as the page is open. Every answer is the whole list and the set in use, or a
 * sentence saying why nothing changed.
 */
import type { SavedSet } from './saved-set';

export interface KeptSets {
  sets: { name: string; set: SavedSet }[];
  /** null: the built-in set */
  active: string | null;
}
export type KeeperReply = { ok: true; value: KeptSets } | { ok: false; message: string };

export interface SetKeeper {
  list(): Promise<KeeperReply>;
  /** Save or replace (a name in any case) and use it. */
  save(name: string, set: SavedSet): Promise<KeeperReply>;
  remove(name: string): Promise<KeeperReply>;
  use(name: string | null): Promise<KeeperReply>;
}

/** Sets in memory only: nothing survives a reload. */
export const memoryKeeper = (): SetKeeper => {
  let kept: KeptSets = { sets: [], active: null };
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const reply = async (): Promise<KeeperReply> => ({ ok: true, value: kept });
  return {
    list: reply,
    save: (name, set) => {
      const i = kept.sets.findIndex((s) => same(s.name, name));
      const sets = [...kept.sets];
      if (i >= 0) sets[i] = { name, set };
      else sets.push({ name, set });
      kept = { sets, active: name };
      return reply();
    },
    remove: async (name) => {
      if (!kept.sets.some((s) => same(s.name, name))) return { ok: false, message: `Tile set "${name}" not found.` };
      kept = { sets: kept.sets.filter((s) => !same(s.name, name)), active: kept.active && same(kept.active, name) ? null : kept.active };
      return reply();
    },
    use: async (name) => {
      const found = name === null ? null : kept.sets.find((s) => same(s.name, name));
      if (found === undefined) return { ok: false, message: `Tile set "${name}" not found.` };
      kept = { ...kept, active: found?.name ?? null };
      return reply();
    },
  };
};
