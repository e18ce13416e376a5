/** The new-discard cases of a real-material table (bench/vision-real-scene.ts): each change in
 *  turn, each with its own tile laid, so a table gives three cases. */
export const NEW_DISCARD_CHANGES = ['bump', 'hand', 'nudge'] as const;

/** The tile (its place in the table's tiles) laid for the c-th change of a seed's table. */
export const laidTileOf = (seed: number, c: number, tiles: number): number => (seed * 7 + c * Math.ceil(tiles / 3)) % tiles;
