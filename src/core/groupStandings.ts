import type { GameEvent } from './events';
import { outcomeOf, replayGame } from './game';
import { gameSetupOf } from './gameSetup';
import type { GroupGame, GroupHistory } from './group';
import { payments } from './payments';
import { SEATS } from './seats';

/**
 * A group's games and standings, from its rebuilt history (group.ts): every game replayed by the
 * rules engine and paid by the payment rules (before a session's pie caps, which are the
 * table's own settlement), every player counted under the id the group knows them by (a
 * "same person" link joins two ids into one).
 */
export interface GroupGameLine {
  game: string;
  session: string;
  /** When its session was created (ISO). */
  sessionAt: string;
  number: number;
  /** Names in turn order, East first. */
  players: string[];
  status: string;
  winner: string | null;
  /** Points won (+) or paid (-) by name; empty while the game is in progress or disputed. */
  net: Record<string, number>;
  disputed: boolean;
}

export interface Standing {
  player: string;
  name: string;
  games: number;
  wins: number;
  points: number;
}

/** Points each player won or paid in one game, by global id; null when the game has not ended or does not replay. */
export const gameNet = (g: GroupGame, h: GroupHistory, events: readonly GameEvent[] = g.events): Record<string, number> | null => {
  const rules = h.sessions.get(g.session)?.rules ?? {};
  const setup = gameSetupOf({ seating: g.seating, bettor: g.bettor, dice: g.dice }, rules);
  const r = replayGame(events, setup);
  if (!r.ok || r.value.status === 'in-progress') return null;
  const o = outcomeOf(r.value);
  const who = (p: string): string => (p === 'bettor' ? g.bettor! : g.seating[SEATS.indexOf(p as (typeof SEATS)[number])]!);
  const net: Record<string, number> = Object.fromEntries(g.seating.map((p) => [p, 0]));
  if (g.bettor) net[g.bettor] = 0;
  for (const p of payments(o, { bettor: g.bettor !== undefined, rules: setup.rules })) {
    net[who(p.from)] = (net[who(p.from)] ?? 0) - p.points;
    net[who(p.to)] = (net[who(p.to)] ?? 0) + p.points;
  }
  return net;
};

const winnerOf = (g: GroupGame, h: GroupHistory): string | null => {
  const rules = h.sessions.get(g.session)?.rules ?? {};
  const r = replayGame(g.events, gameSetupOf({ seating: g.seating, bettor: g.bettor, dice: g.dice }, rules));
  if (!r.ok) return null;
  const o = outcomeOf(r.value);
  return o.status === 'mahjong' && o.winner ? (g.seating[SEATS.indexOf(o.winner)] ?? null) : null;
};

/** The id the group knows a player by. */
export const personOf = (h: GroupHistory, player: string): string => h.same.get(player) ?? player;
export const nameOf = (h: GroupHistory, player: string): string => h.players.get(personOf(h, player))?.name ?? 'someone';

/** Each game as a line (oldest first), and the standings over every ended game not in dispute. */
export const groupTables = (h: GroupHistory): { games: GroupGameLine[]; standings: Standing[] } => {
  const stand = new Map<string, Standing>();
  const games = h.games.map((g): GroupGameLine => {
    const open = g.disputed !== undefined && g.chosen === undefined;
    const net = open ? null : gameNet(g, h);
    const winner = open ? null : winnerOf(g, h);
    const byName: Record<string, number> = {};
    if (net)
      for (const [p, pts] of Object.entries(net)) {
        const id = personOf(h, p);
        const s = stand.get(id) ?? { player: id, name: nameOf(h, id), games: 0, wins: 0, points: 0 };
        s.games++;
        s.points += pts;
        if (winner !== null && personOf(h, winner) === id) s.wins++;
        stand.set(id, s);
        byName[nameOf(h, p)] = (byName[nameOf(h, p)] ?? 0) + pts;
      }
    return {
      game: g.game,
      session: g.session,
      sessionAt: h.sessions.get(g.session)?.createdAt ?? '',
      number: g.number,
      players: g.seating.map((p) => nameOf(h, p)),
      status: open ? 'disputed' : g.verdict.ok ? g.verdict.status : 'does not replay',
      winner: winner === null ? null : nameOf(h, winner),
      net: byName,
      disputed: open,
    };
  });
  const standings = [...stand.values()].sort((a, b) => b.points - a.points || b.wins - a.wins || (a.name < b.name ? -1 : 1));
  return { games, standings };
};

/**
 * Players created separately under one name (case and spaces aside) and not linked yet: each
 * pair once, the older first ("Ann on Bea's laptop is Ann on yours?").
 */
export const sameNameOffers = (h: GroupHistory): { player: string; same: string; name: string }[] => {
  const byName = new Map<string, string[]>();
  for (const [id, p] of h.players) {
    if (h.same.has(id)) continue; // linked already: the group knows them by another id
    const key = p.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), id]);
  }
  const out: { player: string; same: string; name: string }[] = [];
  for (const ids of byName.values()) {
    if (ids.length < 2) continue;
    const sorted = ids.sort((a, b) => {
      const ta = h.players.get(a)!.createdAt;
      const tb = h.players.get(b)!.createdAt;
      return ta < tb ? -1 : ta > tb ? 1 : a < b ? -1 : 1;
    });
    for (const other of sorted.slice(1)) out.push({ player: sorted[0]!, same: other, name: h.players.get(other)!.name });
  }
  return out;
};
