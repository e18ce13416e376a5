import type { GameEvent } from '../events';
import type { GameState } from '../state';

/**
 * Hidden (non-enumerable, so not in JSON) links for a cheap retract: the state before, and the
 * event that made this one. A state read back from JSON has none and retract replays the log.
 */
export interface Hidden {
  prior: GameState | null;
  event: GameEvent | null;
  index: number;
}
// A symbol key: JSON.stringify skips it, so the state stays plain data.
const HIDDEN_KEY: unique symbol = Symbol('mahjmate.game.history');
type Linked = GameState & { [HIDDEN_KEY]?: Hidden };
export const HIDDEN = { get: (s: GameState): Hidden | undefined => (s as Linked)[HIDDEN_KEY] };
export const link = (s: GameState, h: Hidden): GameState => {
  (s as Linked)[HIDDEN_KEY] = h; // s is always a fresh object here
  return s;
};

/** The latest event still in effect (after retracts); the log's last entry for a state read from JSON. */
export const previousEvent = (s: GameState): GameEvent | undefined => {
  const h = HIDDEN.get(s);
  return h ? (h.event ?? undefined) : s.log[s.log.length - 1];
};
