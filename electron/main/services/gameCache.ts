import type { HeldEvent } from '../../../src/core/amend';
import type { GameSetup, GameState } from '../../../src/core/game';

/** One game's latest state, folded from its log up to `seq` with `setup`. */
export interface CachedGame {
  seq: number;
  state: GameState;
  setup: GameSetup;
  /** The first stored event today's rules refuse; `state` stands just before it. */
  held?: HeldEvent;
}

/**
 * The latest state per game, in memory only: the event log in the database is the truth.
 * SQLite may give a removed game's id to the next game (`INTEGER PRIMARY KEY` reuses the
 * highest id once it is deleted), so whoever removes a game calls `forget`; and an entry is
 * only used at the same last seq and the same setup as the row read now.
 */
export class GameCache {
  // TypeScript's `private`, not `#games`: the security scanner's walker cannot read class #fields in main.
  private readonly games = new Map<number, CachedGame>();

  get(gameId: number, setup: GameSetup, seq: number): CachedGame | undefined {
    const hit = this.games.get(gameId);
    if (!hit || hit.seq !== seq || JSON.stringify(hit.setup) !== JSON.stringify(setup)) return undefined;
    return hit;
  }

  set(gameId: number, entry: CachedGame): void {
    this.games.set(gameId, entry);
  }

  forget(gameId: number): void {
    this.games.delete(gameId);
  }
}
