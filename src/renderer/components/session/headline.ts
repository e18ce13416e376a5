import type { LedgerGame } from '../../../shared/contract/session';

/** A game's result in one line, as the ledger and the correction form say it. */
export const headline = (g: LedgerGame): string => {
  if (g.status === 'wall') return `Wall game: no payments${g.dead.length ? ` (dead: ${g.dead.join(', ')})` : ''}`;
  if (g.status === 'in-progress') return 'Being played';
  if (g.status === 'three-dead') return `Ended by dead hands: ${g.dead.join(', ')}`;
  const how = g.selfPick ? 'self-picked' : `on ${g.discarder}’s discard`;
  const dead = g.dead.length ? ` (dead: ${g.dead.join(', ')})` : '';
  return `${g.winner} won ${g.value}${g.jokerless ? ' jokerless' : ''}, ${how}${dead}`;
};
