import type { TileSets } from '../../../src/shared/contract/tile-sets';
import { tileSetsRepo } from '../store/tileSets.repo';
import type { Handlers, ServiceContext } from './context';
import { notFound } from './errors';

type TileSetChannels = 'tileSets' | 'saveTileSet' | 'removeTileSet' | 'useTileSet';

/** The camera's taught tile sets, kept in the database with everything else the player made. */
export const tileSetServices = (ctx: ServiceContext): Handlers<TileSetChannels> => {
  const repo = tileSetsRepo(ctx.store);
  const now = (): TileSets => {
    const all = repo.all();
    return { sets: all.map(({ name, set }) => ({ name, set })), active: all.find((s) => s.active)?.name ?? null };
  };
  return {
    tileSets: () => now(),
    saveTileSet: ({ name, set }) => {
      repo.save(name, set);
      return now();
    },
    removeTileSet: ({ name }) => {
      if (!repo.remove(name)) throw notFound(`tile set "${name}"`);
      return now();
    },
    useTileSet: ({ name }) => {
      if (!repo.use(name)) throw notFound(`tile set "${name}"`);
      return now();
    },
  };
};
