import { outcomeOf, type GameState } from '../../../core/game';
import { payments, type Payer } from '../../../core/payments';
import { applyPie, type Debt } from '../../../core/pie';
import type { Ledger } from '../../../shared/contract/session';
import type { GameInfo } from '../../../shared/types';

export interface PayoutLine {
  from: string;
  to: string;
  /** What the rules say. */
  points: number;
  /** What is paid after the pie cap. */
  paid: number;
  reason: string;
  bettor: boolean;
}

/**
 * The payout sheet of an ended game, all from the engine: `payments` on its outcome, then the
 * pie caps (`applyPie`) against the balances before this game (from the ledger main built).
 */
export const payoutLines = (state: GameState, game: GameInfo, ledger: Ledger | null): PayoutLine[] => {
  const nameOf = (p: Payer): string => (p === 'bettor' ? (game.bettor ?? 'The bettor') : (game.seating[p] ?? p));
  const owed = payments(outcomeOf(state), { bettor: game.bettor !== undefined, rules: state.setup.rules });
  const debts: Debt[] = owed.map((p) => ({ from: nameOf(p.from), to: nameOf(p.to), points: p.points }));
  const players = ledger?.players ?? [...new Set(debts.flatMap((d) => [d.from, d.to]))];
  const before = ledger?.games.filter((g) => g.number < game.number).at(-1)?.balance ?? Object.fromEntries(players.map((p) => [p, 0]));
  const capped = applyPie(players, before, debts, ledger?.pie ?? undefined).paid;
  let k = 0;
  return owed.map((p, j) => {
    const d = debts[j]!;
    const c = capped[k];
    const paid = c && c.from === d.from && c.to === d.to ? (k++, c.points) : 0;
    return { from: d.from, to: d.to, points: d.points, paid, reason: p.reason, bettor: p.from === 'bettor' || p.to === 'bettor' };
  });
};
