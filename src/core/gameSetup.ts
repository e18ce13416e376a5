import type { GameSetup } from './game';
import { OFFICIAL_RULES, type HouseRules } from './rules';
import type { Seat } from './seats';

/** One game's table as the store, a record or the ledger describe it. */
export interface GameTable {
  /** Who sits where: by seat, or in turn order (East first). */
  seating: Readonly<Partial<Record<Seat, string>>> | readonly string[];
  /** The bettor sitting out (5 players); null or absent: none. */
  bettor?: string | null | undefined;
  /** East's dice throw, when recorded. */
  dice?: number | undefined;
}

/**
 * The reducer's setup for one game: its table size, the session's rules over the official
 * defaults, whether a bettor sits out, and the dice. The only place this is derived.
 */
export const gameSetupOf = (table: GameTable, rules: Partial<HouseRules>): GameSetup => {
  const seated = Array.isArray(table.seating) ? table.seating.length : Object.values(table.seating).filter((n) => n !== undefined).length;
  const setup: GameSetup = {
    players: seated === 3 ? 3 : 4,
    rules: { ...OFFICIAL_RULES, ...rules },
    bettor: table.bettor !== undefined && table.bettor !== null,
  };
  if (table.dice !== undefined) setup.dice = table.dice;
  return setup;
};
