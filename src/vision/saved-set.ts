/**
 * A tile set as the app keeps it (in the database, one row per name): the shots the player
 * taught, described by the reading network (tile-set.ts), under `taught`. The IPC contract checks
 * a set with this before main stores it, and the recognizer reads it back with the same loader:
 * one definition. A set an earlier version saved may carry tile-art descriptions in `entries`
 * (no longer read) and no `taught` part, or one from an earlier network: it is kept, and the
 * player is asked to teach it again.
 */
import { isTile } from '../core/tiles';
import { loadTileSet, OTHER_MODEL, type StoredTileSet } from './tile-set';

/** More shots than a player could take in a long evening: a bound on what one save may carry. */
export const MAX_SET_ENTRIES = 36 * 40 * 8;
export const DAMAGED_SET = 'This tile set is damaged or was not made by MahjMate: teach your tiles again.';

export interface SavedSet {
  version: 1;
  name: string;
  /** tile-art descriptions an earlier version saved (new sets: none) */
  entries: { tile: string; f: string }[];
  colourWeight?: number;
  /** the shots described by the reading network: what the camera reads with */
  taught?: StoredTileSet;
}

/** The built-in set's name: no saved set may take it (the panel's Tile set list shows it first). */
export const BUILT_IN_NAME = 'Common set (built in)';
export const BUILT_IN_TAKEN = 'That name belongs to the built-in set: choose another.';
export const isBuiltInName = (name: string): boolean => name.trim().toLowerCase() === BUILT_IN_NAME.toLowerCase();

/** A set to save for shots the player taught. */
export const savedSetOf = (name: string, taught: StoredTileSet): SavedSet => ({ version: 1, name, entries: [], taught });

export const readSavedSet = (raw: unknown): { ok: true; value: SavedSet } | { ok: false; error: string } => {
  try {
    const s = raw as SavedSet;
    if (!s || typeof s !== 'object' || s.version !== 1 || typeof s.name !== 'string') return { ok: false, error: DAMAGED_SET };
    if (!Array.isArray(s.entries) || s.entries.length > MAX_SET_ENTRIES) return { ok: false, error: DAMAGED_SET };
    if (!s.entries.every((e) => e && typeof e === 'object' && isTile(e.tile) && typeof e.f === 'string'))
      return { ok: false, error: DAMAGED_SET };
    if (s.taught !== undefined && (!Array.isArray(s.taught?.entries) || s.taught.entries.length > MAX_SET_ENTRIES))
      return { ok: false, error: DAMAGED_SET };
    if (s.taught !== undefined && !loadTileSet(s.taught).ok) return { ok: false, error: DAMAGED_SET };
    return { ok: true, value: s };
  } catch {
    // atob on text that is not base64, and the like: damaged, not a crash.
    return { ok: false, error: DAMAGED_SET };
  }
};

/** A set an earlier version kept in the page: a taught part from an earlier reader cannot be read
 *  any more, so it is kept without it (`stale` says so) and reads with the built-in set until it
 *  is taught again. */
export const readOldSavedSet = (raw: unknown): { ok: true; value: SavedSet; stale: boolean } | { ok: false; error: string } => {
  const s = raw as SavedSet | null;
  const stale =
    !!s &&
    typeof s === 'object' &&
    s.taught !== undefined &&
    (() => {
      const t = loadTileSet(s.taught);
      return !t.ok && t.error === OTHER_MODEL;
    })();
  const { taught: _dropped, ...rest } = stale ? s! : ({} as SavedSet);
  const r = readSavedSet(stale ? rest : raw);
  return r.ok ? { ...r, stale } : r;
};
