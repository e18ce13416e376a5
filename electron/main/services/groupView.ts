import { amendEvents, type Change } from '../../../src/core/amend';
import { correctionChanges, winSourceOf } from '../../../src/core/correction';
import { eventSentence } from '../../../src/core/eventName';
import { replayGame } from '../../../src/core/game';
import type { GameEvent } from '../../../src/core/events';
import { gameSetupOf } from '../../../src/core/gameSetup';
import type { GameVersion, GroupGame, GroupHistory } from '../../../src/core/group';
import { rebuildGroup } from '../../../src/core/group';
import { gameNet, groupTables, nameOf, sameNameOffers, type Standing } from '../../../src/core/groupStandings';
import type { DisputeView, GroupView, VersionView } from '../../../src/shared/contract/group';
import { groupFile } from '../store/group.repo';
import type { Store } from '../store/store';
import { ServiceError } from './errors';
import { asGroupRow } from './groupHistory';

/**
 * The group as this laptop holds it: the rows last pulled, and this laptop's own rows not sent
 * yet (so a laptop offline sees its own games among the group's), rebuilt by the rules engine.
 */
export const groupNow = (store: Store): { history: GroupHistory; device: string } | null => {
  const file = groupFile(store.db);
  const link = file.link();
  if (!link) return null;
  const rows = file.rows();
  const held = new Set(rows.map((r) => r.id));
  const mine = (
    store.db.prepare('SELECT n, id, kind, body, made_at FROM outbox WHERE sent_at IS NULL ORDER BY n').all() as {
      n: number;
      id: string;
      kind: string;
      body: string;
      made_at: string;
    }[]
  ).filter((r) => !held.has(r.id));
  const all = [...rows, ...mine.map((r) => ({ ...r, device: link.device }))];
  return { history: rebuildGroup(all.map(asGroupRow)), device: link.device };
};

const who = (h: GroupHistory, device: string, me: string): string =>
  device === me ? `${h.laptops.get(device) ?? 'This laptop'} (this laptop)` : (h.laptops.get(device) ?? 'Another laptop');

/** "Ann won: 50 points from Bea", "Wall game", or the rules' refusal. */
const outcomeText = (g: GroupGame, h: GroupHistory, v: GameVersion): string => {
  if (!v.verdict.ok) return `The rules refuse event ${v.verdict.at}: ${v.verdict.message}`;
  if (v.verdict.status === 'in-progress') return `Not finished (${v.events.length} events)`;
  if (v.verdict.status === 'wall') return 'Wall game';
  const net = gameNet(g, h, v.events);
  if (!net) return v.verdict.status;
  const top = Object.entries(net).sort((a, b) => b[1] - a[1])[0];
  return top && top[1] > 0 ? `${nameOf(h, top[0])} won ${top[1]} points` : v.verdict.status;
};

/** The first place where the versions part: its number and what each says there. */
const firstDifference = (versions: readonly GameVersion[]): number => {
  const longest = Math.max(...versions.map((v) => v.events.length));
  for (let i = 0; i < longest; i++) {
    const seen = new Set(versions.map((v) => JSON.stringify(v.events[i] ?? null)));
    if (seen.size > 1) return i;
  }
  return -1;
};

const disputeOf = (g: GroupGame, h: GroupHistory, me: string): DisputeView => {
  const versions = g.disputed!;
  const at = firstDifference(versions);
  const view = (v: GameVersion): VersionView => {
    const e: GameEvent | undefined = at >= 0 ? v.events[at] : undefined;
    return {
      device: v.device,
      who: who(h, v.device, me),
      at: v.lastAt,
      outcome: outcomeText(g, h, v),
      differs: at < 0 ? null : { at: at + 1, text: e ? eventSentence(e) : 'nothing (the game ends before)' },
      events: v.events.length,
    };
  };
  return {
    game: g.game,
    session: g.session,
    sessionAt: h.sessions.get(g.session)?.createdAt ?? '',
    number: g.number,
    players: g.seating.map((p) => nameOf(h, p)),
    versions: versions.map(view),
    ...(g.chosen
      ? { chosen: { device: g.chosen.device, who: who(h, g.chosen.device, me), by: who(h, g.chosen.by, me), at: g.chosen.at } }
      : {}),
  };
};

/** Standings over sessions started in the last 12 hours: the night's play across the club's tables. */
const tonightOf = (h: GroupHistory, now: Date): Standing[] => {
  const since = new Date(now.getTime() - 12 * 3600_000).toISOString();
  const recent = new Set([...h.sessions.values()].filter((s) => s.createdAt >= since).map((s) => s.session));
  return groupTables({ ...h, games: h.games.filter((g) => recent.has(g.session)) }).standings;
};

export const groupViewOf = (store: Store, now = new Date()): GroupView => {
  const g = groupNow(store);
  if (!g) return { joined: false, laptops: [], games: [], standings: [], tonight: [], disputes: [], offers: [], unread: 0 };
  const { history: h, device } = g;
  const { games, standings } = groupTables(h);
  // Where each player was first recorded: the laptop of the first session that seats them.
  const whereOf = (player: string): string => {
    const s = [...h.sessions.values()].find((x) => x.players.includes(player));
    return s ? who(h, s.device, device) : 'no session yet';
  };
  return {
    joined: true,
    laptops: [...h.laptops.entries()].map(([d]) => who(h, d, device)).sort(),
    games,
    standings,
    tonight: tonightOf(h, now),
    disputes: h.games.filter((x) => x.disputed).map((x) => disputeOf(x, h, device)),
    offers: sameNameOffers(h).map((o) => ({ ...o, where: `${whereOf(o.same)} and ${whereOf(o.player)}` })),
    unread: h.unread.length,
  };
};

const gameOf = (store: Store, game: string): { g: GroupGame; h: GroupHistory } => {
  const now = groupNow(store)!;
  const g = now.history.games.find((x) => x.game === game);
  if (!g) throw new ServiceError('ERR_NOT_FOUND', 'That game is not in the group’s history here');
  return { g, h: now.history };
};

/** The choice row: only between versions the game has. */
export const choiceRow = (store: Store, game: string, device: string): object => {
  const { g } = gameOf(store, game);
  if (!g.disputed) throw new ServiceError('ERR_CONFLICT', 'That game is not disputed: every laptop has it the same way');
  if (!g.disputed.some((v) => v.device === device))
    throw new ServiceError('ERR_NOT_FOUND', 'That laptop has no version of this game: choose one of the versions shown');
  return { game, device, at: new Date().toISOString() };
};

/** The same-person row: two players of the group, not one already. */
export const samePersonRow = (store: Store, player: string, same: string): object => {
  const h = groupNow(store)!.history;
  if (!h.players.has(player) || !h.players.has(same)) throw new ServiceError('ERR_NOT_FOUND', 'One of those players is not in the group');
  if ((h.same.get(player) ?? player) === (h.same.get(same) ?? same)) throw new ServiceError('ERR_CONFLICT', 'They are already one player');
  return { player, same, at: new Date().toISOString() };
};

/**
 * A fix to a group game, judged by the rules engine as the table's own fixes are: the amendment
 * rows, or the sentence refusing it. `ending`: the corrected ending of a game that is over, made
 * into changes as the Session screen's correction makes them (src/core/correction.ts).
 */
export const fixGroupGame = (store: Store, game: string, fix: { change?: Change; ending?: GameEvent[] }): object[] => {
  const { g, h } = gameOf(store, game);
  if (g.disputed && !g.chosen) throw new ServiceError('ERR_CONFLICT', 'This game is disputed: choose a version before fixing it');
  const setup = gameSetupOf({ seating: g.seating, bettor: g.bettor, dice: g.dice }, h.sessions.get(g.session)?.rules ?? {});
  let changes: Change[] = fix.change ? [fix.change] : [];
  if (fix.ending) {
    const before = replayGame(g.events, setup);
    if (!before.ok || before.value.status === 'in-progress')
      throw new ServiceError('ERR_CONFLICT', 'This game is not over yet: it can be corrected once it has ended');
    if (fix.ending.slice(1).some((e) => e.type === 'bet'))
      throw new ServiceError('ERR_BAD_INPUT', 'The bet comes first in a corrected ending');
    changes = correctionChanges(g.events, fix.ending, winSourceOf(before.value));
    if (changes.length === 0) throw new ServiceError('ERR_CONFLICT', 'That is how the game already stands: nothing to correct');
  }
  const r = amendEvents(g.events, setup, changes, new Date().toISOString());
  if (!r.ok) throw new ServiceError('ERR_CONFLICT', r.error.message);
  if (fix.ending) {
    const after = replayGame(r.value.events, setup);
    if (!after.ok || after.value.status === 'in-progress')
      throw new ServiceError('ERR_CONFLICT', 'That does not end the game: give the winner or a wall game');
  }
  return r.value.amendments.map((a) => ({ game, ...a }));
};
