import type { GameState } from '../../../core/game';
import { payoutSheet, type PayoutLine } from '../../../core/payoutSheet';
import type { Ledger } from '../../../shared/contract/session';
import type { GameInfo } from '../../../shared/types';

export type { PayoutLine };

/**
 * The table's payout sheet: the engine's one sheet (payments, pie caps, money; the display and
 * the phones show the same lines) against the balances before this game, from the ledger main built.
 */
export const payoutLines = (state: GameState, game: GameInfo, ledger: Ledger | null): PayoutLine[] => {
  const players = ledger?.players ?? [];
  const before = ledger?.games.filter((g) => g.number < game.number).at(-1)?.balance ?? Object.fromEntries(players.map((p) => [p, 0]));
  return payoutSheet(
    state,
    { seating: game.seating, bettor: game.bettor ?? null },
    { players, before, pie: ledger?.pie ?? null, centsPerPoint: ledger?.centsPerPoint ?? 0 },
  );
};
