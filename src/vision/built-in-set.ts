/**
 * The built-in tile set: what the camera reads with before a group teaches it their own tiles.
 * Shots of many sets (real photographs of several Chinese and Hong Kong sets, and renders of
 * American art in two styles: jokers, flowers, corner numbers) described by the shipped network,
 * one view each (tools/vision/build-built-in-set.ts makes it). Data beside the weights, loaded as
 * they are: the worker fetches it from its bundle, the tools read it from disk.
 */
import type { Net } from './embedding';
import { loadTileSet, type TileSet } from './tile-set';

/** The built-in set's name: one definition, in the tile-set format (saved-set.ts). */
export { BUILT_IN_NAME } from './saved-set';
export const BUILT_IN_SET_FILE = new URL('./networks/built-in-set.json', import.meta.url);

/** The built-in set from its file's JSON, for this network; throws a sentence when it cannot be used. */
export const readBuiltInSet = (raw: unknown, net: Net): TileSet => {
  const r = loadTileSet(raw);
  if (!r.ok) throw new Error(`The built-in tile set is damaged (${r.error}): install the app again.`);
  if (r.value.model !== net.id)
    throw new Error("The built-in tile set was made for another version of the camera's reader: install the app again.");
  return r.value;
};
