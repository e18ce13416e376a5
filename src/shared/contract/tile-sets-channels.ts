/** The tile-set channels' names, apart from their schemas so the preload never bundles zod. */
export const TILE_SET_CHANNELS = ['tileSets', 'saveTileSet', 'removeTileSet', 'useTileSet'] as const;
