import type { GameEvent } from '../../../src/core/events';
import { QUICK_ENGINE } from '../../../src/core/quick';
import { err, type Result } from '../../../src/core/result';
import type { GameSetupLike } from '../../../src/core/summary';

export interface RuleRefusal {
  code: string;
  message: string;
}

/**
 * The rules engine as the services use it: fold a game's log, and judge one more event
 * against the latest state. Main re-runs the engine before every append (authoritative).
 */
export interface Engine {
  replay(events: readonly GameEvent[], setup: GameSetupLike): Result<unknown, { index: number; error: RuleError }>;
  apply(state: unknown, event: GameEvent, setup: GameSetupLike): Result<unknown, RuleError> | null;
}
type RuleError = RuleRefusal;

/**
 * Until the game reducer (src/core/game.ts) lands, the quick-scoring engine judges games:
 * outcome-only games (bet, mahjong, wallGame). `apply` returns null = "replay the whole log".
 */
export const DEFAULT_ENGINE: Engine = {
  replay: (events, setup) => {
    const r = QUICK_ENGINE.replayGame(events, setup);
    return r.ok ? r : err(r.error);
  },
  apply: () => null,
};
