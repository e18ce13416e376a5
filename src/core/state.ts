import type { Claim } from './claims';
import type { BetOn, DeadCause, GameEvent, HandCategory } from './events';
import type { GameOutcome } from './outcome';
import type { HouseRules } from './rules';
import type { BySeat, Seat } from './seats';
import type { TileCounts } from './tileCounts';
import type { Tile } from './tiles';

/**
 * The state of one game as the reducer (game.ts and the judges in judge/) keeps it: plain,
 * immutable data, the same in JSON. Types only, so every part of the engine can name them
 * without importing the reducer.
 */

export interface GameSetup {
  players: 3 | 4;
  rules: HouseRules;
  /** A 5th player sits out and bets. */
  bettor: boolean;
  /** East's dice throw (2-12), when recorded; else 7, the expected throw, decides the last wall. */
  dice?: number;
}

/** The latest discard. */
export interface LiveDiscard {
  readonly tile: Tile;
  readonly seat: Seat;
  readonly window: 'open' | 'closed';
  /** Why the window closed, as a sentence ("South racked"). */
  readonly closedBy?: string;
  /** Position of the discard in the log. */
  readonly eventIndex: number;
  /** Thrown by someone whose turn it was not (§4.7). */
  readonly outOfTurn: boolean;
  /** What the discarder said, when it differs from the tile (§4.8). */
  readonly named?: Tile;
  /** Thrown by the player in turn before her pick (§4.6). */
  readonly beforePick: boolean;
  /** Thrown while East's reserved last wall was in play. */
  readonly lastWall: boolean;
  /** The table marked it hot (house rule `hotTilePenalty`). */
  readonly hot?: boolean;
  /** Whether a call may take it now (open window, not a joker, not before a pick). */
  readonly claimable: boolean;
}

export interface FloorTile {
  readonly tile: Tile;
  readonly seat: Seat;
  readonly eventIndex: number;
  readonly named?: Tile;
  /** Covered, its window closed, a joker or thrown before a pick: nobody can claim it. */
  readonly dead: boolean;
  /** Taken by a call (it is then in an exposure or the winning hand, not on the floor). */
  readonly claimedBy?: Seat;
}

export interface Exposure {
  /** The kind the group is made of. */
  readonly tile: Tile;
  /** Tiles as laid out, jokers as 'J'. */
  readonly tiles: readonly Tile[];
  /** Frozen by the owner's discard or joker exchange (§4.4). */
  readonly locked: boolean;
  readonly claimedFrom?: Seat;
  readonly eventIndex: number;
}

export interface DeadHand {
  readonly cause?: DeadCause;
  /** Who called it dead. */
  readonly by?: Seat;
  readonly eventIndex: number;
  /** Dead for her own exposure: that exposure (her latest), taken back into her rack (RULES §6.2). */
  readonly returned?: Exposure;
}

export interface Challenge {
  readonly challenger: Seat;
  readonly challenged: Seat;
  /** disputed: to settle; upheld: the challenged pays; wrong: the challenger pays. */
  readonly status: 'disputed' | 'upheld' | 'wrong';
  readonly eventIndex: number;
}

export interface MahjongError {
  readonly seat: Seat;
  readonly exposed: boolean;
  readonly value?: number;
  /** The survivor's hand value, for rule (b) under `rule_b_value: 'survivorHand'`. */
  readonly survivorValue?: number;
  readonly eventIndex: number;
}

/** A discard taken by a call whose claimant has not yet discarded: rivals may still compete. */
export interface PendingClaim {
  readonly tile: Tile;
  readonly discarder: Seat;
  readonly discardIndex: number;
  readonly outOfTurn: boolean;
  readonly named?: Tile;
  readonly lastWall: boolean;
  readonly hot?: boolean;
  readonly winner: Claim;
  readonly outranked: readonly Claim[];
  /** The player in turn whose pick went back to the wall when the tile was called: she may not claim it (§4.4). */
  readonly returnedPick?: Seat;
}

/** How the last call was resolved. */
export interface CallResolution {
  readonly tile: Tile;
  readonly discarder: Seat;
  /** Who got the tile. */
  readonly winner: Seat;
  readonly purpose: 'mahjong' | 'exposure';
  /** Why ("Mah jongg beats a pung", "North is nearer in turn than South"); empty for a lone call. */
  readonly reason: string;
  readonly outranked: readonly Seat[];
  /** Seats that lose their turn (§4.5). */
  readonly skipped: readonly Seat[];
}

export interface Win {
  readonly winner: Seat;
  readonly value: number;
  readonly jokerless: boolean;
  readonly category?: HandCategory;
  readonly selfPick: boolean;
  readonly discarder?: Seat;
  readonly special?: 'heavenly' | 'earthly';
  /** The winner said her hand was concealed: shown on the payout sheet, never changes a payment. */
  readonly concealed?: boolean;
  /** The hand of the session's card she won with ("2026 #2"), when the host named it. */
  readonly hand?: string;
  readonly soleDiscarderPays?: GameOutcome['soleDiscarderPays'];
  readonly wrongWallPusher?: Seat;
  /** Recorded by outcome only (quick scoring). */
  readonly quick: boolean;
  readonly eventIndex: number;
  /**
   * Won on a discard called for mah jongg (not first exposed): that discard's event index. The
   * tile is still in sight, laid with her hand: the tile counts keep it as discarded.
   */
  readonly wonOn?: number;
}

export interface GameState {
  /** The table this game is played at. */
  readonly setup: GameSetup;
  /** Seats in play, in turn order. */
  readonly seats: readonly Seat[];
  /** Whose turn it is (the caller's after a call). */
  readonly turn: Seat;
  /** Whether the player in turn holds her 14th tile (picked, called, or East at the start). */
  readonly picked: boolean;
  /** Whether the player in turn took her 14th tile from the wall (it goes back if a call takes the discard). */
  readonly drew: boolean;
  /** Whether East has made the opening discard. */
  readonly opened: boolean;
  /** Whether the player in turn made a joker exchange this turn (a win now is a self-pick, never jokerless). */
  readonly exchangedThisTurn: boolean;
  /** Tiles left to pick. */
  readonly wallRemaining: number;
  /** The tiles left are all in East's reserved last wall (the last 2 x dice tiles). */
  readonly lastWall: boolean;
  /** The latest discard, or null when claimed or none yet. */
  readonly live: LiveDiscard | null;
  /** Every discard in order. */
  readonly floor: readonly FloorTile[];
  /** Exposures per seat, in the order made. */
  readonly exposures: Readonly<BySeat<readonly Exposure[]>>;
  /** Dead hands per seat (null: live). */
  readonly dead: Readonly<BySeat<DeadHand | null>>;
  /** Challenges, disputed or settled. */
  readonly challenges: readonly Challenge[];
  /** Mah jongg declarations found wrong, in order. */
  readonly mahjongErrors: readonly MahjongError[];
  /** The seat the bettor backed, or 'wall' (house rule `betOnWallGame`). */
  readonly betOn?: BetOn;
  /** Who pushed out a wrong wall still in play (§2.8). */
  readonly wrongWall?: Seat;
  readonly status: 'in-progress' | 'mahjong' | 'wall' | 'three-dead';
  /** The winning details once ended by mah jongg. */
  readonly win?: Win;
  /** The three-dead settlement (§8.4). */
  readonly threeDead?: GameOutcome['threeDead'];
  /** Counts for all 36 kinds (up to date in every state `apply` or `replayGame` returns). */
  readonly tiles: TileCounts;
  /** A called discard whose claimant has not discarded yet. */
  readonly pendingClaim: PendingClaim | null;
  /** How the last call was resolved. */
  readonly lastCall: CallResolution | null;
  /** Accepted events in order, retracts included. */
  readonly log: readonly GameEvent[];
  /** What the last retract took back. */
  readonly undone?: { event: GameEvent; index: number };
}

/** Tiles left for play after the deal (RULES §2.6). */
export const wallAfterDeal = (players: 3 | 4): number => (players === 4 ? 99 : 112);
