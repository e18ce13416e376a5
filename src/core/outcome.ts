import type { BetOn, HandCategory } from './events';
import type { Seat } from './seats';

/**
 * How a game ended, as the game reducer (game.ts) judges it from the events, and the only
 * thing the payment rules (payments.ts) need. Quick scoring builds the same object from a
 * lone `mahjong` event, so a quick-scored game pays exactly like a fully recorded one.
 */
export interface GameOutcome {
  status: 'in-progress' | 'mahjong' | 'wall' | 'three-dead';
  /** Seats in play this game, in turn order (3 or 4). */
  seats: readonly Seat[];
  winner?: Seat;
  value?: number;
  jokerless?: boolean;
  category?: HandCategory;
  selfPick?: boolean;
  /** Whose discard completed the winning hand (absent on a self-pick). */
  discarder?: Seat;
  /** Why one player alone pays 4x (RULES §9.1 rows 3-5, §9.5). */
  soleDiscarderPays?: 'out-of-turn' | 'misnamed' | 'pay-for-the-party' | 'hot-tile' | 'three-exposures';
  /** The player who pushed out a wrong wall still in play at mah jongg: she alone pays 4x (§2.8, §9.1). */
  wrongWallPusher?: Seat;
  /** Dead hands at the end of the game (they still pay, §7.2). */
  dead: readonly Seat[];
  /** Challenges to settle with the challenge penalty (§7.3). `wrong` is the seat that pays. */
  challenges: readonly { challenger: Seat; challenged: Seat; payer: Seat; payee: Seat }[];
  /** The three-dead settlement (§8.4), when it applies. */
  threeDead?: { rule: 'b' | 'c' | 'd' | 'e'; payer?: Seat; payees: readonly Seat[]; value?: number };
  /** The seat the bettor backed, or 'wall' (a wall game); undefined with a bettor present means she forgot to bet. */
  betOn?: BetOn;
}
