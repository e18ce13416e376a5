import type { WinSource } from '../../../core/correction';
import { SEATS } from '../../../core/seats';
import type { LedgerGame } from '../../../shared/contract/session';

/** How the winner got the tile, as the ledger (the engine) judged it: a game played at the table
 *  only implies it, and a correction form starts from it. */
export const winSourceOf = (g: LedgerGame): WinSource | null => {
  if (g.status !== 'mahjong') return null;
  if (g.selfPick) return { selfPick: true };
  const from = SEATS.find((x) => g.seating[x] === g.discarder);
  return from ? { from } : null;
};
