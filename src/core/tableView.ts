import { groupName } from './claims';
import type { GameEvent } from './events';
import { replayGame, type GameSetup, type GameState } from './game';
import { payoutSheet, type PayoutLine } from './payoutSheet';
import { replaySession, rulesOf, type TableRecord } from './record';
import { SEAT_NAMES, SEATS, type Seat } from './seats';
import { tileName, TILES, type Tile } from './tiles';

/**
 * The table view: what every player at the table may see of the game, read-only, built by the
 * engine from the stored log. The display window and each phone page draw this one object, so
 * the screens can never disagree. Plain data (JSON-safe): it crosses IPC and the share server.
 * Nothing hidden is in it: no hands, no money other than what the table already sees (the
 * payout sheet, the standings, the stake). Every field is listed in tableViewFields.ts.
 */
export interface TableView {
  /** Format version of this object. */
  v: 1;
  /** 'none': no game yet; 'playing': a game in progress; 'between': the last game ended. */
  phase: 'none' | 'playing' | 'between';
  /** The number of the game shown (1-based), 0 when none. */
  game: number;
  seats: SeatView[];
  bettor: string | null;
  /** The name the bettor backed. */
  betOn: string | null;
  /** Whose turn it is (while playing). */
  turn: Seat | null;
  /** Tiles left to pick. */
  wall: number;
  /** The tiles left are all in East's reserved last wall. */
  lastWall: boolean;
  live: LiveView | null;
  /** The call that took the latest discard, while the caller has not discarded yet. */
  called: CalledView | null;
  /** The last thing recorded, in the table's words with names ("Cy called Bea’s Five Dot"), or null. */
  latest: string | null;
  /** Kinds with no copy left unseen: nobody can need one. */
  dead: TileCountView[];
  /** Kinds with one copy left unseen. */
  nearlyDead: TileCountView[];
  ending: EndingView | null;
  /** Confirmed results only: points after pie caps and money, best first (the whole session so far). */
  standings: { name: string; points: number; cents: number }[];
  /** The stake: money per point (0: played for points only). */
  centsPerPoint: number;
  /** The pie's chips, biggest first (empty: no chips). */
  chips: { colour: string; points: number }[];
  /** The next game's seating, between games. */
  next: { seats: { seat: Seat; name: string }[]; bettor: string | null } | null;
  /** When the last event was stored (ms since 1970), or null. */
  updatedAt: number | null;
}

export interface SeatView {
  seat: Seat;
  /** "East". */
  wind: string;
  name: string;
  turn: boolean;
  dead: boolean;
  exposures: { tile: Tile; tiles: Tile[]; locked: boolean }[];
}

export interface LiveView {
  tile: Tile;
  /** "Five Bam". */
  name: string;
  seat: Seat;
  by: string;
  open: boolean;
  /** Why the window closed ("South racked"). */
  closedBy: string | null;
  /** When the discard was stored (ms since 1970), or null when unknown. */
  at: number | null;
  outOfTurn: boolean;
  hot: boolean;
}

/**
 * The live discard's window in words, the one sentence for the host's table screen, the display
 * window and the phones: open, who may call it and until when (`next`: the player in turn, whose
 * rack or discard closes it); closed, why.
 */
export const windowWords = (open: boolean, next: string | null, closedBy: string | null): string =>
  open ? `Anyone may call it until ${next ?? 'the next player'} racks her pick or discards` : `${closedBy ?? 'Closed'}: nobody may call it`;

export interface CalledView {
  tile: Tile;
  /** "Five Dot". */
  name: string;
  seat: Seat;
  by: string;
  /** Whose discard it was. */
  from: string;
  /** "pung", "kong"; null for a call for mah jongg. */
  group: string | null;
}

export interface TileCountView {
  tile: Tile;
  name: string;
  unseen: number;
}

export interface EndingView {
  status: 'mahjong' | 'wall' | 'three-dead';
  winner: string | null;
  value: number | null;
  /** The hand of the session's card the winner won with ("2026 #2"), when the host named it. */
  hand: string | null;
  selfPick: boolean;
  discarder: string | null;
  /** false: typed at the table, the payout sheet not confirmed yet (proposed); true: in the record. */
  confirmed: boolean;
  /** The payout sheet (proposed until confirmed): what the rules say, what is paid after the pie, in money. */
  payout: PayoutView[];
  /** Dead hands at the end, by name. */
  deadHands: string[];
}

/** A line of the payout sheet as the phones and the display show it (the bettor is named in it). */
export type PayoutView = Omit<PayoutLine, 'bettor'>;

export interface TableViewInput {
  record: TableRecord;
  /** When each event of the last game was stored (ms since 1970), in log order, if known. */
  storedAt?: readonly number[];
  /** The last game's ending typed at the table but not confirmed yet (shown as proposed). */
  staged?: readonly GameEvent[];
  /** The pie's chips, if the session has them. */
  chips?: readonly { colour: string; points: number }[];
}

export const EMPTY_TABLE_VIEW: TableView = {
  v: 1,
  phase: 'none',
  game: 0,
  seats: [],
  bettor: null,
  betOn: null,
  turn: null,
  wall: 0,
  lastWall: false,
  live: null,
  called: null,
  latest: null,
  dead: [],
  nearlyDead: [],
  ending: null,
  standings: [],
  centsPerPoint: 0,
  chips: [],
  next: null,
  updatedAt: null,
};

/** A refusal of the record: the table view is the empty one, with the reason. */
export type TableViewResult = { ok: true; view: TableView } | { ok: false; message: string };

const countsWhere = (state: GameState, unseen: number): TileCountView[] =>
  TILES.filter((t) => state.tiles[t].unseen === unseen).map((t) => ({ tile: t, name: tileName(t), unseen }));

/** The table view of a session's record: its last game as the table sees it, and the standings. */
export const tableView = ({ record, storedAt = [], staged = [], chips = [] }: TableViewInput): TableViewResult => {
  const summary = replaySession(record);
  if (!summary.ok) return { ok: false, message: summary.error.message };
  const { games, session } = summary.value;
  const standings = Object.keys(session.net)
    .map((name) => ({ name, points: session.net[name]!, cents: session.cents[name] ?? 0 }))
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
  const money = {
    standings,
    centsPerPoint: record.stakes.centsPerPoint,
    chips: [...chips].sort((a, b) => b.points - a.points).map((c) => ({ ...c })),
  };
  const last = games.at(-1);
  const nextOf = () => ({
    seats: SEATS.filter((s) => session.nextSeating[s] !== undefined).map((s) => ({ seat: s, name: session.nextSeating[s]! })),
    bettor: session.nextBettor,
  });
  if (!last) return { ok: true, view: { ...EMPTY_TABLE_VIEW, ...money, next: nextOf() } };

  const rg = record.games[record.games.length - 1]!;
  const setup: GameSetup = { players: Object.keys(last.seating).length as 3 | 4, rules: rulesOf(record), bettor: last.bettor !== null };
  if (rg.dice !== undefined) setup.dice = rg.dice;
  // A staged ending (typed, not confirmed) is shown as proposed; a stale one (it no longer ends the game) is left out.
  const proposed = last.status === 'in-progress' && staged.length > 0 ? replayGame([...rg.events, ...staged], setup) : null;
  const played = proposed?.ok && proposed.value.status !== 'in-progress' ? proposed : replayGame(rg.events, setup);
  if (!played.ok) return { ok: false, message: played.error.error.message };
  const state = played.value;
  const name = (s: Seat | null | undefined): string | null => (s ? (last.seating[s] ?? SEAT_NAMES[s]) : null);
  const playing = state.status === 'in-progress';
  const confirmed = last.status !== 'in-progress';
  const at = (i: number): number | null => storedAt[i] ?? null;
  // The balances before this game: what the pie caps of its payout sheet read.
  const before = Object.fromEntries(record.players.map((p) => [p, games.slice(0, -1).reduce((a, g) => a + (g.net[p] ?? 0), 0)]));

  const live = state.live;
  const view: TableView = {
    v: 1,
    phase: playing ? 'playing' : 'between',
    game: last.number,
    seats: state.seats.map((s) => ({
      seat: s,
      wind: SEAT_NAMES[s],
      name: last.seating[s] ?? SEAT_NAMES[s],
      turn: playing && state.turn === s,
      dead: state.dead[s] !== null,
      exposures: state.exposures[s].map((x) => ({ tile: x.tile, tiles: [...x.tiles], locked: x.locked })),
    })),
    bettor: last.bettor,
    betOn: state.betOn === 'wall' ? 'a wall game' : state.betOn ? name(state.betOn) : null,
    turn: playing ? state.turn : null,
    wall: state.wallRemaining,
    lastWall: state.lastWall,
    live: live
      ? {
          tile: live.tile,
          name: tileName(live.tile),
          seat: live.seat,
          by: name(live.seat)!,
          open: live.window === 'open',
          closedBy: live.window === 'closed' ? (live.closedBy ?? 'closed') : null,
          at: at(live.eventIndex),
          outOfTurn: live.outOfTurn,
          hot: live.hot === true,
        }
      : null,
    called: calledOf(state, name),
    latest: latestOf(state, name),
    dead: countsWhere(state, 0),
    nearlyDead: countsWhere(state, 1),
    ending: playing
      ? null
      : {
          status: state.status as EndingView['status'],
          winner: name(state.win?.winner),
          value: state.win ? state.win.value : null,
          hand: state.win?.hand ?? null,
          selfPick: state.win?.selfPick === true,
          discarder: name(state.win?.discarder),
          confirmed,
          payout: payoutSheet(
            state,
            { seating: last.seating, bettor: last.bettor },
            { players: record.players, before, pie: record.pie?.points ?? null, centsPerPoint: record.stakes.centsPerPoint },
          ).map(({ from, to, points, paid, cents, reason }) => ({ from, to, points, paid, cents, reason })),
          deadHands: state.seats.filter((s) => state.dead[s] !== null).map((s) => name(s)!),
        },
    ...money,
    next: playing || !confirmed ? null : nextOf(),
    updatedAt: at(rg.events.length - 1),
  };
  return { ok: true, view };
};

/** The call that took the latest discard, while the caller has not discarded yet (the window is gone). */
const calledOf = (state: GameState, name: (s: Seat) => string | null): CalledView | null => {
  const c = state.lastCall;
  if (!c || state.live || !state.pendingClaim) return null;
  const exposure = c.purpose === 'exposure' ? state.exposures[c.winner].at(-1) : undefined;
  return {
    tile: c.tile,
    name: tileName(c.tile),
    seat: c.winner,
    by: name(c.winner)!,
    from: name(c.discarder)!,
    group: exposure ? groupName(exposure.tiles.length) : null,
  };
};

/** The last event in words, for the few that change the table without a discard: calls, dead hands, exchanges, bets. */
const latestOf = (state: GameState, name: (s: Seat) => string | null): string | null => {
  const e = state.log.at(-1);
  if (!e) return null;
  const n = (s: Seat): string => name(s)!;
  switch (e.type) {
    case 'call': {
      const c = state.lastCall;
      if (!c) return `${n(e.seat)} called`;
      if ('mahjong' in e) return `${n(c.winner)} called ${n(c.discarder)}’s ${tileName(c.tile)} for mah jongg`;
      return `${n(c.winner)} called ${n(c.discarder)}’s ${tileName(c.tile)}: a ${groupName(e.exposure.length)}`;
    }
    case 'dead':
      if (e.by && e.disputed) return `${n(e.by)} challenged ${n(e.seat)}’s hand: disputed, she plays on`;
      if (e.by && e.upheld === false) return `${n(e.by)}’s challenge of ${n(e.seat)}’s hand was wrong`;
      return `${n(e.seat)}’s hand is dead${e.by ? ` (called by ${n(e.by)})` : ''}`;
    case 'jokerExchange':
      return `${n(e.seat)} gave ${tileName(e.tile)} for ${n(e.from)}’s joker`;
    case 'bet':
      return e.on === 'wall' ? 'The bettor bets on a wall game' : `The bettor backs ${n(e.on)}`;
    case 'mahjong':
      return `Mah jongg: ${n(e.seat)}`;
    case 'mahjongInError':
      return `${n(e.seat)}’s mah jongg was in error`;
    case 'wallGame':
      return 'Wall game';
    case 'wrongWall':
      return `${n(e.seat)} pushed out the wrong wall`;
    default:
      return null;
  }
};
