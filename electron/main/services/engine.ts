import type { GameEvent } from '../../../src/core/events';
import { apply, replayGame, type GameSetup, type GameState } from '../../../src/core/game';
import type { Result } from '../../../src/core/result';

export interface RuleRefusal {
  code: string;
  message: string;
}

/**
 * The rules engine as the services use it: fold a game's log, and judge one more event
 * against the latest state. Main re-runs the engine before every append (authoritative).
 * Injected so tests can count or fault it; the app uses the game reducer of src/core/game.ts.
 */
export interface Engine {
  /** Fold a log from the deal; `index` in the error is the 0-based event position. */
  replay(events: readonly GameEvent[], setup: GameSetup): Result<GameState, { index: number; error: RuleRefusal }>;
  /** One more event on top of a state; the state is unchanged on a refusal. */
  apply(state: GameState, event: GameEvent): Result<GameState, RuleRefusal>;
}

export const DEFAULT_ENGINE: Engine = { replay: replayGame, apply };
