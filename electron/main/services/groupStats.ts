import { nameOf, personOf } from '../../../src/core/groupStandings';
import type { PlayerStats } from '../../../src/shared/contract/session';
import type { Store } from '../store/store';
import { groupRecordOf } from './groupSessions';
import { groupNow } from './groupView';
import { figuresOf, noStats } from './figures';
import { ledgerOfRecord } from './sessionLedger';

/**
 * Stats over the whole group (a group joined): every session of every laptop, this one's too, as
 * the group's replay holds it, so every laptop of the group shows the same figures (a disputed
 * game counts once the group has chosen a version). Each player is counted under the id the group
 * knows her by: two players linked as one person are one line. Null out of a group (Stats then
 * reads this laptop's own sessions, as before any group).
 */
export const groupPlayerStats = (store: Store): PlayerStats[] | null => {
  const now = groupNow(store);
  if (!now) return null;
  const h = now.history;
  const stats = new Map<string, PlayerStats & { valueSum: number }>();
  const first = new Map<string, string>();
  const sessions = [...h.sessions.values()].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.session < b.session ? -1 : 1,
  );
  // The chart's x: each session's place in the group's history (a session of another laptop has no id here).
  sessions.forEach((s, place) => {
    let figures;
    try {
      const { record, games } = groupRecordOf(h, s);
      figures = figuresOf(ledgerOfRecord(record, { sessionId: 0, createdAt: s.createdAt, gameIds: games.map(() => 0), chips: [] }));
    } catch {
      return; // a session the engine cannot replay counts for nothing (the Group screen lists its games)
    }
    s.players.forEach((id, i) => {
      const f = figures[i];
      if (!f) return;
      const who = personOf(h, id);
      const p = stats.get(who) ?? { ...noStats(nameOf(h, who), h.players.get(who)?.retired ?? false), valueSum: 0 };
      if (!first.has(who)) first.set(who, s.device);
      p.sessions++;
      p.games += f.games;
      p.wins += f.wins;
      p.selfPicks += f.selfPicks;
      p.jokerlessWins += f.jokerlessWins;
      p.valueSum += f.valueSum;
      p.cents += f.cents;
      p.moneyOverTime.push({ sessionId: place + 1, date: s.createdAt, cents: p.cents });
      stats.set(who, p);
    });
  });
  // Two people of one name not linked as one: each told apart by the laptop she was first recorded
  // on (and by a number, were both first recorded on one laptop).
  const count = new Map<string, number>();
  for (const p of stats.values()) count.set(p.name, (count.get(p.name) ?? 0) + 1);
  const taken = new Set<string>();
  return [...stats.entries()].map(([who, { valueSum, ...p }]) => {
    const base = count.get(p.name)! > 1 ? `${p.name} (${h.laptops.get(first.get(who)!) ?? 'another laptop'})` : p.name;
    let name = base;
    for (let k = 2; taken.has(name); k++) name = `${base} ${k}`;
    taken.add(name);
    return { ...p, name, averageValue: p.wins ? Math.round((10 * valueSum) / p.wins) / 10 : null };
  });
};
