import type { Ledger, PlayerStats } from '../../../src/shared/contract/session';
import type { SessionFigures } from '../store/sessionStats.repo';

/** One session's figures per player (in the order of its players), from its ledger. */
export const figuresOf = (ledger: Ledger): SessionFigures[] =>
  ledger.players.map((name, i) => {
    const f: SessionFigures = { games: 0, wins: 0, selfPicks: 0, jokerlessWins: 0, valueSum: 0, cents: ledger.balances[i]!.cents };
    for (const g of ledger.games) {
      if (Object.values(g.seating).includes(name)) f.games++;
      if (g.winner !== name) continue;
      f.wins++;
      if (g.selfPick) f.selfPicks++;
      if (g.jokerless) f.jokerlessWins++;
      f.valueSum += g.value ?? 0;
    }
    return f;
  });

/** A player's stats before any session is counted (Stats, on this laptop or over the group). */
export const noStats = (name: string, retired: boolean): PlayerStats => ({
  name,
  retired,
  sessions: 0,
  games: 0,
  wins: 0,
  selfPicks: 0,
  jokerlessWins: 0,
  averageValue: null,
  cents: 0,
  moneyOverTime: [],
});
