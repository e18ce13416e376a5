import type { Chip } from '../../../shared/contract/session';

/** Cents as money a player reads at a glance: "$1.25", "−$0.60", "$0.00". */
export const dollars = (cents: number): string => {
  const sign = cents < 0 ? '−' : cents > 0 ? '+' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Points with a sign: "+60", "−25", "0". */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/**
 * Points as chips, biggest first ("2 blue + 1 white"). Chips are counted greedily, as players
 * hand them over; what no chip covers is said in points ("+ 3 points").
 */
export const inChips = (points: number, chips: readonly Chip[]): string => {
  if (points <= 0) return 'none';
  if (chips.length === 0) return `${points} points`;
  const parts: string[] = [];
  let left = points;
  for (const c of [...chips].sort((a, b) => b.points - a.points)) {
    const n = Math.floor(left / c.points);
    if (n > 0) parts.push(`${n} ${c.colour}`);
    left -= n * c.points;
  }
  if (left > 0) parts.push(`${left} point${left === 1 ? '' : 's'}`);
  return parts.join(' + ');
};
