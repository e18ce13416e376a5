/**
 * Settling a session: from each player's net in cents, the fewest transfers that pay
 * everyone exactly. The minimum is (players with a non-zero net) − (the largest number of
 * disjoint zero-sum groups they split into); we find that split exhaustively (cheap for a
 * table of ≤ 5, fine up to ~15) and settle each group with greedy transfers (largest debtor
 * pays largest creditor), which takes exactly size − 1 transfers per group.
 */
export interface Transfer {
  from: string;
  to: string;
  cents: number;
}

export const settle = (nets: Readonly<Record<string, number>>): Transfer[] => {
  const names = Object.keys(nets).filter((n) => nets[n] !== 0);
  const total = names.reduce((a, n) => a + nets[n]!, 0);
  if (total !== 0) throw new Error(`nets do not sum to zero (${total})`);
  const k = names.length;
  const full = (1 << k) - 1;
  const sum = new Array<number>(1 << k).fill(0);
  for (let m = 1; m <= full; m++) {
    const low = 31 - Math.clz32(m & -m);
    sum[m] = sum[m & (m - 1)]! + nets[names[low]!]!;
  }
  // best[m]: the most zero-sum groups m splits into (m itself zero-sum); pick[m]: the group holding m's lowest member.
  const best = new Array<number>(1 << k).fill(-1);
  const pick = new Array<number>(1 << k).fill(0);
  best[0] = 0;
  for (let m = 1; m <= full; m++) {
    if (sum[m] !== 0) continue;
    const low = m & -m;
    const rest = m ^ low;
    // Submasks of `rest`, each joined with the lowest member, form the candidate first group.
    for (let s = rest; ; s = (s - 1) & rest) {
      const g = s | low;
      if (sum[g] === 0 && best[m ^ g]! >= 0 && best[m ^ g]! + 1 > best[m]!) {
        best[m] = best[m ^ g]! + 1;
        pick[m] = g;
      }
      if (s === 0) break;
    }
  }
  const groups: string[][] = [];
  for (let m = full; m !== 0; m ^= pick[m]!) groups.push(names.filter((_, i) => pick[m]! & (1 << i)));
  groups.sort((a, b) => a.length - b.length);
  return groups.flatMap((g) => greedy(g, nets));
};

const greedy = (group: readonly string[], nets: Readonly<Record<string, number>>): Transfer[] => {
  const bal = new Map(group.map((n) => [n, nets[n]!]));
  const out: Transfer[] = [];
  for (;;) {
    let debtor: string | undefined;
    let creditor: string | undefined;
    for (const n of group) {
      const b = bal.get(n)!;
      if (b < 0 && (debtor === undefined || b < bal.get(debtor)!)) debtor = n;
      if (b > 0 && (creditor === undefined || b > bal.get(creditor)!)) creditor = n;
    }
    if (debtor === undefined || creditor === undefined) return out;
    const cents = Math.min(-bal.get(debtor)!, bal.get(creditor)!);
    out.push({ from: debtor, to: creditor, cents });
    bal.set(debtor, bal.get(debtor)! + cents);
    bal.set(creditor, bal.get(creditor)! - cents);
  }
};
