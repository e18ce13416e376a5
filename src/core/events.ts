import type { Seat } from './seats';
import type { Tile } from './tiles';

/**
 * What happens at the table, as in the table record (docs/table-record.md). Fields beyond the spec
 * are optional extensions and are documented in docs/table-record.md.
 */
export type HandCategory = 'singles-pairs' | 'quints';

/** What the bettor backs: a seat, or (house rule `betOnWallGame`) a wall game. */
export type BetOn = Seat | 'wall';

export type GameEvent =
  | { type: 'bet'; on: BetOn }
  /** `named`: what the discarder said, when it differs from the tile that is down (a misnamed discard, RULES §4.8). */
  /** `hot`: the table marked the tile hot (house rule `hotTilePenalty`, RULES §9.5). */
  /** Extension `beforePick`: the player in turn discarded before picking (RULES §4.6): nobody may call it. */
  | { type: 'discard'; seat: Seat; tile: Tile; named?: Tile; hot?: boolean; beforePick?: boolean }
  | { type: 'pick'; seat: Seat }
  /** Extension `tap`: the picked tile was only tapped on the rack (closes the window only under `tapClosesWindow`). */
  | { type: 'rack'; seat: Seat; tap?: boolean }
  /**
   * Extension `together`: spoken at the same moment as the claim (or rack) recorded just before
   * on the same discard, before anyone started exposing (RULES §5.4, §4.3 "claim and rack at once").
   */
  | { type: 'call'; seat: Seat; exposure: Tile[]; together?: boolean }
  | { type: 'call'; seat: Seat; mahjong: true; together?: boolean }
  /** Extension `beforePick`: she exchanged before picking (D9, Example 38): her hand is dead, the tiles stay. */
  | { type: 'jokerExchange'; seat: Seat; from: Seat; tile: Tile; beforePick?: boolean }
  /** Extension `disputed`: `by` challenged `seat`, who disputes it; she plays on and it is settled later (§7.3). */
  | { type: 'dead'; seat: Seat; by?: Seat; upheld?: boolean; cause?: DeadCause; disputed?: boolean }
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
      /**
       * Extension: the hand was fully concealed (nothing exposed before the mah jongg). Informational
       * only: NMJL payments come from the card value, whose concealed hands already carry it (RULES §8).
       */
      concealed?: boolean;
      /** Extension: the hand of the session's card she declared, by its name ("2026 #2"). */
      hand?: string;
      /** Extension: her 14 tiles at mah jongg (exposed ones included), typed for a full check against the card. */
      tiles?: Tile[];
    }
  /**
   * `value`: the hand she attempted; `survivorValue`: the survivor's hand, which three-dead rule (b)
   * uses under `rule_b_value: 'survivorHand'` (RULES §8.4(b) CONFLICT).
   */
  | { type: 'mahjongInError'; seat: Seat; exposed: boolean; value?: number; survivorValue?: number }
  /** Extension: `seat` pushed out the wrong wall (RULES §2.8); a mah jongg while it is in play costs the pusher 4x. */
  | { type: 'wrongWall'; seat: Seat }
  | { type: 'wallGame' }
  | { type: 'retract' };

export type EventType = GameEvent['type'];

/**
 * Causes of a dead hand, RULES §7.1 (D1..D11), plus a challenge the player accepted, and the
 * extension 'broke-wall': broke the wall before a mah jongg in error was checked (rule (d), §8.4).
 * One list for the engine, the record reader and the IPC schema.
 */
export const DEAD_CAUSES = [
  'wrong-count',
  'mahjong-in-error',
  'incorrect-exposure',
  'concealed-exposure',
  'wrong-discard-exposed',
  'unwinnable',
  'wrong-wall',
  'picked-out-of-turn',
  'early-exchange',
  'faulty-exchange',
  'invalid-claim-exposure',
  'challenge',
  'broke-wall',
] as const;
export type DeadCause = (typeof DEAD_CAUSES)[number];
