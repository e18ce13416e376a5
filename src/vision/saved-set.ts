/**
 * A tile set as the app keeps it (in the database, one row per name): the feature references
 * (references.ts) and, when taught for real photographs, the same shots as tile-set
 * descriptors (tile-set.ts) under `taught`. The IPC contract checks a set with this before
 * main stores it, and the recognizer reads it back with the same loaders: one definition.
 */
import { loadReferences, type StoredReferenceSet } from './references';
import { loadTileSet, OTHER_MODEL } from './tile-set';

/** More shots than a player could take in a long evening: a bound on what one save may carry. */
export const MAX_SET_ENTRIES = 36 * 40 * 8;
export const DAMAGED_SET = 'This tile set is damaged or was not made by MahjMate: teach your tiles again.';

export type SavedSet = StoredReferenceSet;

/** The built-in set's name: no saved set may take it (the panel's Tile set list shows it first). */
export const BUILT_IN_NAME = 'Common set (built in)';
export const BUILT_IN_TAKEN = 'That name belongs to the built-in set: choose another.';
export const isBuiltInName = (name: string): boolean => name.trim().toLowerCase() === BUILT_IN_NAME.toLowerCase();

export const readSavedSet = (raw: unknown): { ok: true; value: SavedSet } | { ok: false; error: string } => {
  try {
    const s = raw as SavedSet;
    if (!s || typeof s !== 'object' || !Array.isArray(s.entries) || s.entries.length > MAX_SET_ENTRIES)
      return { ok: false, error: DAMAGED_SET };
    if (s.taught !== undefined && (!Array.isArray(s.taught?.entries) || s.taught.entries.length > MAX_SET_ENTRIES))
      return { ok: false, error: DAMAGED_SET };
    if (!loadReferences(s).ok) return { ok: false, error: DAMAGED_SET };
    if (s.taught !== undefined && !loadTileSet(s.taught).ok) return { ok: false, error: DAMAGED_SET };
    return { ok: true, value: s };
  } catch {
    // atob on text that is not base64, and the like: damaged, not a crash.
    return { ok: false, error: DAMAGED_SET };
  }
};

/** A set an earlier version kept in the page: a taught part from an earlier reader cannot be read
 *  any more, so it is kept without it (`stale` says so) and reads with the built-in set until it
 *  is taught again; its art references are kept for when the reading network cannot load. */
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
  const { taught: _dropped, ...references } = stale ? s! : ({} as SavedSet);
  const r = readSavedSet(stale ? references : raw);
  return r.ok ? { ...r, stale } : r;
};
