import type { Seat } from './seats';
import type { Tile } from './tiles';

/**
 * What happens at the table, as in the table-record spec (format v1). Fields beyond the spec
 * are optional extensions and are documented in docs/table-record.md.
 */
export type HandCategory = 'singles-pairs' | 'quints';

export type GameEvent =
  | { type: 'bet'; on: Seat }
  /** `named`: what the discarder said, when it differs from the tile that is down (a misnamed discard, RULES §4.8). */
  | { type: 'discard'; seat: Seat; tile: Tile; named?: Tile }
  | { type: 'pick'; seat: Seat }
  | { type: 'rack'; seat: Seat }
  | { type: 'call'; seat: Seat; exposure: Tile[] }
  | { type: 'call'; seat: Seat; mahjong: true }
  | { type: 'jokerExchange'; seat: Seat; from: Seat; tile: Tile }
  | { type: 'dead'; seat: Seat; by?: Seat; upheld?: boolean; cause?: DeadCause }
  | {
      type: 'mahjong';
      seat: Seat;
      value: number;
      jokerless: boolean;
      category?: HandCategory;
      from?: Seat;
      selfPick?: boolean;
      /** Extension: East's Heavenly (dealt complete) or Earthly (complete after the Charleston) hand. */
      special?: 'heavenly' | 'earthly';
    }
  | { type: 'mahjongInError'; seat: Seat; exposed: boolean; value?: number }
  /** Extension: `seat` pushed out the wrong wall (RULES §2.8); a mah jongg while it is in play costs the pusher 4x. */
  | { type: 'wrongWall'; seat: Seat }
  | { type: 'wallGame' }
  | { type: 'retract' };

export type EventType = GameEvent['type'];

/** Causes of a dead hand, RULES §7.1 (D1..D11), plus a challenge the player accepted. */
export type DeadCause =
  | 'wrong-count'
  | 'mahjong-in-error'
  | 'incorrect-exposure'
  | 'concealed-exposure'
  | 'wrong-discard-exposed'
  | 'unwinnable'
  | 'wrong-wall'
  | 'picked-out-of-turn'
  | 'early-exchange'
  | 'faulty-exchange'
  | 'invalid-claim-exposure'
  | 'challenge';
