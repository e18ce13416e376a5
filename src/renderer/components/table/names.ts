import type { GameState } from '../../../core/game';
import { SEAT_NAMES, type Seat } from '../../../core/seats';

export type Names = Partial<Record<Seat, string>>;

/** "South (Bea)", or "South" when the seat has no player name. */
export const who = (names: Names, x: Seat): string => (names[x] ? `${SEAT_NAMES[x]} (${names[x]})` : SEAT_NAMES[x]);

/** The headline of an ended game: "Mah jongg: North (Dot) won 40 with 2026 #2, on South (Bea)’s discard" (the hand when named from the card). */
export const endTitle = (s: GameState, names: Names): string => {
  if (s.status === 'wall') return 'Wall game: no payments';
  if (s.status === 'three-dead') return `Three dead hands, rule (${s.threeDead?.rule ?? '?'})`;
  const w = s.win;
  if (!w) return 'Game over';
  const how = w.selfPick ? 'self-picked' : w.discarder ? `on ${who(names, w.discarder)}’s discard` : '';
  const extras = [
    w.jokerless ? 'jokerless' : '',
    w.concealed ? 'concealed' : '',
    w.category === 'singles-pairs' ? 'Singles & Pairs' : w.category === 'quints' ? 'Quints' : '',
  ].filter(Boolean);
  return `Mah jongg: ${who(names, w.winner)} won ${w.value}${w.hand ? ` with ${w.hand}` : ''}, ${how}${extras.length ? ` (${extras.join(', ')})` : ''}`;
};

/** A long name shortened visibly ("Dorothea Montgo…"); show the full one on hover (title). */
export const shortName = (name: string, max = 16): string => (name.length > max ? `${name.slice(0, max - 1).trimEnd()}…` : name);
