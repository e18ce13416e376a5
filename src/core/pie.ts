/**
 * The pie (RULES §9.5 PIE/"PY", ASSUMPTION in docs/rules.md): each player stakes `pie` points
 * for the session. A payer can pay at most what is left of her pie, `pie + balance` at the
 * start of the game (never below 0): her balance can never fall below −pie. What she cannot
 * pay is not paid. When she owes several creditors more than she can pay, what she can pay is
 * shared among them in proportion to what each is owed, exact to the point (largest
 * remainder; ties go to the creditor listed first). A "py" player (pie used up) still plays,
 * wins and is paid, and a win puts her back in.
 */
export interface Debt<P extends string = string> {
  from: P;
  to: P;
  points: number;
}

export interface PieResult<P extends string = string> {
  /** The payments actually made, in the order of `debts`. */
  paid: Debt<P>[];
  /** Each player's result for the game after the caps (sums to 0). */
  net: Record<P, number>;
}

/** Share `amount` among `weights` in proportion, exact to the unit (largest remainder). */
export const shareInProportion = (amount: number, weights: readonly number[]): number[] => {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
};

/**
 * Apply the pie caps to one game's debts. `balances` are the session totals before the game;
 * `pie` undefined means no cap. Every player in `players` appears in `net`.
 */
export const applyPie = <P extends string>(
  players: readonly P[],
  balances: Readonly<Record<P, number>>,
  debts: readonly Debt<P>[],
  pie?: number,
): PieResult<P> => {
  const paid: Debt<P>[] = debts.map((d) => ({ ...d }));
  if (pie !== undefined) {
    for (const payer of new Set(debts.map((d) => d.from))) {
      const mine = paid.map((d, i) => ({ d, i })).filter(({ d }) => d.from === payer);
      const owed = mine.reduce((a, { d }) => a + d.points, 0);
      const room = Math.max(0, pie + (balances[payer] ?? 0));
      if (owed <= room) continue;
      const shares = shareInProportion(
        room,
        mine.map(({ d }) => d.points),
      );
      mine.forEach(({ i }, k) => (paid[i]!.points = shares[k]!));
    }
  }
  const net = Object.fromEntries(players.map((p) => [p, 0])) as Record<P, number>;
  for (const d of paid) {
    net[d.from] -= d.points;
    net[d.to] += d.points;
  }
  return { paid: paid.filter((d) => d.points > 0), net };
};
