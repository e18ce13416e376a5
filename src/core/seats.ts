/** Seats of one game, in turn order (play goes to the right: E, S, W, N). */
export const SEATS = ['E', 'S', 'W', 'N'] as const;
export type Seat = (typeof SEATS)[number];
export type BySeat<T> = { [s in Seat]: T };

export const SEAT_NAMES: BySeat<string> = { E: 'East', S: 'South', W: 'West', N: 'North' };

export const isSeat = (s: unknown): s is Seat => typeof s === 'string' && (SEATS as readonly string[]).includes(s);

/** The seats in play for a table of n players (3 players: E, S, W). */
export const seatsFor = (players: 3 | 4): readonly Seat[] => (players === 3 ? SEATS.slice(0, 3) : SEATS);

/** The next seat to the right of `s` among `seats` (turn order). */
export const rightOf = (s: Seat, seats: readonly Seat[] = SEATS): Seat => seats[(seats.indexOf(s) + 1) % seats.length]!;
