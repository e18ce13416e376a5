import { z } from 'zod';
import { BUILT_IN_TAKEN, DAMAGED_SET, isBuiltInName, readSavedSet, type SavedSet } from '../../vision/saved-set';
import { out } from './reply-type';
import { TILE_SET_CHANNELS } from './tile-sets-channels';

/**
 * The tile sets a player taught the camera, kept in the database by name, and which one the
 * camera reads with (null: the built-in set). A set is checked with the camera's own loader
 * (vision/saved-set.ts) before it is stored. Merged into the central contract by one spread.
 */

const setName = z.string().trim().min(1, 'Give the set a name, e.g. "Grandma\'s set".').max(40, 'A set name has at most 40 letters.');
/** A name a set may be saved under: not the built-in set's. */
const newSetName = setName.refine((n) => !isBuiltInName(n), BUILT_IN_TAKEN);
const savedSet = z.custom<SavedSet>((v) => readSavedSet(v).ok, { message: DAMAGED_SET });

export type { SavedSet };

export interface TileSets {
  /** Every saved set, in the order they were first saved. */
  sets: { name: string; set: SavedSet }[];
  /** The set in use, or null for the built-in one. */
  active: string | null;
}

export const tileSetContract = {
  tileSets: { input: z.union([z.undefined(), z.strictObject({})]), output: out<TileSets>() },
  /** Save (or replace) a set under its name and start using it. */
  saveTileSet: { input: z.strictObject({ name: newSetName, set: savedSet }), output: out<TileSets>() },
  removeTileSet: { input: z.strictObject({ name: setName }), output: out<TileSets>() },
  useTileSet: { input: z.strictObject({ name: setName.nullable() }), output: out<TileSets>() },
} satisfies Record<(typeof TILE_SET_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
