import type { Reply } from '../../shared/reply';
import type { KeeperReply, SetKeeper } from '../../vision/set-keeper';
import type { TileSets } from '../../shared/contract/tile-sets';
import { api } from './api';

const answer = async (r: Promise<Reply<TileSets>>): Promise<KeeperReply> => {
  const v = await r;
  return v.ok ? { ok: true, value: v.value } : { ok: false, message: v.error.message };
};

/** The taught tile sets, kept in the database by main. */
export const databaseKeeper = (): SetKeeper => ({
  list: () => answer(api.tileSets()),
  save: (name, set) => answer(api.saveTileSet({ name, set })),
  remove: (name) => answer(api.removeTileSet({ name })),
  use: (name) => answer(api.useTileSet({ name })),
});
