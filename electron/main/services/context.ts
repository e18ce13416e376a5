import type { Channel, Output, ParsedInput } from '../../../src/shared/ipc-contract';
import type { Store } from '../store/store';
import type { GameCache } from './gameCache';

/** What every service file receives. */
export interface ServiceContext {
  store: Store;
  /** The latest state per game, in memory only; forget a game when it is removed. */
  games: GameCache;
  app: { name: string; version: string };
}

/**
 * Remove a game: its rows, and its state in memory (SQLite may give its id to the next game,
 * which must not start from the removed game's state).
 */
export const removeGame = (ctx: ServiceContext, gameId: number): void => {
  ctx.store.deleteGame(gameId);
  ctx.games.forget(gameId);
};

export type Handler<K extends Channel> = (input: ParsedInput<K>) => Output<K> | Promise<Output<K>>;
/** A service file implements some channels; createServices checks all of them are covered. */
export type Handlers<K extends Channel> = { [C in K]: Handler<C> };
export type Services = Handlers<Channel>;
