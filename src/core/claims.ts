import { SEAT_NAMES, type Seat } from './seats';
import { copiesOf, tileName, type Tile } from './tiles';

/** Names of exposure sizes (RULES §1.3). */
export const GROUP_NAMES: Readonly<Record<number, string>> = { 1: 'single', 2: 'pair', 3: 'pung', 4: 'kong', 5: 'quint', 6: 'sextet' };
export const groupName = (n: number): string => GROUP_NAMES[n] ?? `${n} tiles`;

/**
 * Why `exposure` is not a legal exposure call on `called` (RULES §5.2, §1.3, §6.1), or null.
 * A pung, kong, quint or sextet of identical tiles: the called natural plus jokers; never a
 * single, pair, NEWS or year (those only for mah jongg); no more naturals than the set holds,
 * so a quint needs a joker unless it is flowers.
 */
export const exposureProblem = (exposure: readonly Tile[], called: Tile): string | null => {
  if (exposure.length < 3 || exposure.length > 6)
    return `A ${groupName(exposure.length)} cannot be called for an exposure; only a pung, kong, quint or sextet can (a single or pair only for mah jongg)`;
  const stranger = exposure.find((t) => t !== called && t !== 'J');
  if (stranger !== undefined)
    return `An exposure holds one kind of tile plus jokers: ${tileName(stranger)} does not belong with ${tileName(called)} (NEWS, years and other mixed groups are called only for mah jongg)`;
  const naturals = exposure.filter((t) => t === called).length;
  if (naturals === 0) return `The exposure must show the called ${tileName(called)}`;
  if (naturals > copiesOf(called))
    return `There are only ${copiesOf(called)} ${tileName(called)} tiles: a ${groupName(exposure.length)} of them needs a joker`;
  return null;
};

/** How far `seat` sits after `discarder` in turn order (1 = her right). */
export const distanceAfter = (seats: readonly Seat[], discarder: Seat, seat: Seat): number =>
  (seats.indexOf(seat) - seats.indexOf(discarder) + seats.length) % seats.length;

/** The seats strictly between the discarder and the caller, in turn order: they lose their turn (§4.5). */
export const seatsBetween = (seats: readonly Seat[], discarder: Seat, caller: Seat): Seat[] => {
  const out: Seat[] = [];
  for (let i = 1; i < distanceAfter(seats, discarder, caller); i++) out.push(seats[(seats.indexOf(discarder) + i) % seats.length]!);
  return out;
};

/** One spoken claim on a discard. `exposing`: she had started exposing when a rival spoke. */
export interface Claim {
  seat: Seat;
  purpose: 'mahjong' | 'exposure';
  /** The tiles exposed (exposure claims). */
  exposure?: readonly Tile[];
  exposing: boolean;
  eventIndex: number;
}

const purposeName = (c: Claim): string => (c.purpose === 'mahjong' ? 'Mah jongg' : `a ${groupName(c.exposure?.length ?? 3)}`);

/**
 * Which of two claims on the same discard wins (RULES §5.4): mah jongg beats an exposure;
 * same purpose: a claimant already exposing wins when `exposingClaimantPriority` is on
 * (Example 42); otherwise the nearest in turn after the discarder.
 */
export const rankClaims = (
  seats: readonly Seat[],
  discarder: Seat,
  held: Claim,
  rival: Claim,
  exposingClaimantPriority: boolean,
): { winner: Claim; loser: Claim; reason: string } => {
  if (held.purpose !== rival.purpose) {
    const [winner, loser] = held.purpose === 'mahjong' ? [held, rival] : [rival, held];
    return { winner, loser, reason: `Mah jongg beats ${purposeName(loser)}` };
  }
  if (exposingClaimantPriority && held.exposing !== rival.exposing) {
    const [winner, loser] = held.exposing ? [held, rival] : [rival, held];
    return { winner, loser, reason: `${SEAT_NAMES[winner.seat]} was already exposing when ${SEAT_NAMES[loser.seat]} called` };
  }
  const [winner, loser] =
    distanceAfter(seats, discarder, held.seat) <= distanceAfter(seats, discarder, rival.seat) ? [held, rival] : [rival, held];
  return { winner, loser, reason: `${SEAT_NAMES[winner.seat]} is nearer in turn than ${SEAT_NAMES[loser.seat]}` };
};
