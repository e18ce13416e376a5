import { outcomeOf, type GameState } from './game';
import { payments, type Payer } from './payments';
import { applyPie, type Debt } from './pie';
import type { Seat } from './seats';
import { exactCents } from './summary';

/** One line of a game's payout sheet: who pays whom, what the rules say, what is paid, in money. */
export interface PayoutLine {
  from: string;
  to: string;
  /** What the rules say. */
  points: number;
  /** What is paid after the pie cap. */
  paid: number;
  /** What is paid, in cents (exact: 62.5 at 2.5 cents a point). */
  cents: number;
  reason: string;
  bettor: boolean;
}

export interface PayoutTable {
  seating: Partial<Record<Seat, string>>;
  /** The fifth player sitting out, if any. */
  bettor?: string | null;
}

export interface PayoutMoney {
  /** Every player of the session. */
  players: readonly string[];
  /** Each player's balance in points before this game (pie caps read it). */
  before: Readonly<Record<string, number>>;
  /** The pie in points, if the session plays with one. */
  pie?: number | null;
  centsPerPoint: number;
}

/**
 * The payout sheet of an ended game, all from the engine: `payments` on its outcome, then the
 * pie caps (`applyPie`) against the balances before this game, then money at the session's
 * stake. The table screen, the display window and the phones all show these lines.
 */
export const payoutSheet = (state: GameState, table: PayoutTable, money: PayoutMoney): PayoutLine[] => {
  const nameOf = (p: Payer): string => (p === 'bettor' ? (table.bettor ?? 'The bettor') : (table.seating[p] ?? p));
  const owed = payments(outcomeOf(state), { bettor: table.bettor != null, rules: state.setup.rules });
  const debts: Debt[] = owed.map((p) => ({ from: nameOf(p.from), to: nameOf(p.to), points: p.points }));
  const players = money.players.length ? money.players : [...new Set(debts.flatMap((d) => [d.from, d.to]))];
  const capped = applyPie(players, money.before, debts, money.pie ?? undefined).paid;
  let k = 0;
  return owed.map((p, j) => {
    const d = debts[j]!;
    const c = capped[k];
    const paid = c && c.from === d.from && c.to === d.to ? (k++, c.points) : 0;
    return {
      from: d.from,
      to: d.to,
      points: d.points,
      paid,
      cents: exactCents(paid, money.centsPerPoint),
      reason: p.reason,
      bettor: p.from === 'bettor' || p.to === 'bettor',
    };
  });
};
