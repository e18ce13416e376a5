import type { Chip } from '../../../shared/contract/session';

/**
 * Cents as money, exactly, the one formatter for every screen and the printed settlement:
 * "+$1.25", "−$0.60", "$0.00", and "+$0.625" at 2.5 cents a point (never rounded to $0.63).
 */
export const dollars = (cents: number): string => {
  const sign = cents < 0 ? '−' : cents > 0 ? '+' : '';
  return `${sign}${money(Math.abs(cents))}`;
};

/** Cents as money without a sign: "$0.625", "$12.00". */
export const money = (cents: number): string => {
  const c = Math.round(Math.abs(cents) * 1e4) / 1e4; // a ten-thousandth of a cent: float noise off
  const whole = Math.floor(c / 100);
  const rest = c - whole * 100;
  const part = Math.floor(rest + 1e-9);
  const tail = (rest - part).toFixed(4).slice(2).replace(/0+$/, '');
  return `$${whole}.${String(part).padStart(2, '0')}${tail}`;
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
