import { replayGame, type GameSetup, type GameState } from './game';
import { replaySession, rulesOf, type TableRecord } from './record';
import { SEAT_NAMES, SEATS, type Seat } from './seats';
import { tileName, TILES, type Tile } from './tiles';

/**
 * The table view: what every player at the table may see of the game, read-only, built by the
 * engine from the stored log. The display window and each phone page draw this one object, so
 * the screens can never disagree. Plain data (JSON-safe): it crosses IPC and the share server.
 * Nothing hidden is in it: no hands, no money other than the standings the table already sees.
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
  /** Kinds with no copy left unseen: nobody can need one. */
  dead: TileCountView[];
  /** Kinds with one copy left unseen. */
  nearlyDead: TileCountView[];
  ending: EndingView | null;
  /** Points after pie caps, best first (the whole session so far). */
  standings: { name: string; points: number; cents: number }[];
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

export interface TileCountView {
  tile: Tile;
  name: string;
  unseen: number;
}

export interface EndingView {
  status: 'mahjong' | 'wall' | 'three-dead';
  winner: string | null;
  value: number | null;
  selfPick: boolean;
  discarder: string | null;
}

export interface TableViewInput {
  record: TableRecord;
  /** When each event of the last game was stored (ms since 1970), in log order, if known. */
  storedAt?: readonly number[];
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
  dead: [],
  nearlyDead: [],
  ending: null,
  standings: [],
  next: null,
  updatedAt: null,
};

/** A refusal of the record: the table view is the empty one, with the reason. */
export type TableViewResult = { ok: true; view: TableView } | { ok: false; message: string };

const countsWhere = (state: GameState, unseen: number): TileCountView[] =>
  TILES.filter((t) => state.tiles[t].unseen === unseen).map((t) => ({ tile: t, name: tileName(t), unseen }));

/** The table view of a session's record: its last game as the table sees it, and the standings. */
export const tableView = ({ record, storedAt = [] }: TableViewInput): TableViewResult => {
  const summary = replaySession(record);
  if (!summary.ok) return { ok: false, message: summary.error.message };
  const { games, session } = summary.value;
  const standings = Object.keys(session.net)
    .map((name) => ({ name, points: session.net[name]!, cents: session.cents[name] ?? 0 }))
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
  const last = games.at(-1);
  const nextOf = () => ({
    seats: SEATS.filter((s) => session.nextSeating[s] !== undefined).map((s) => ({ seat: s, name: session.nextSeating[s]! })),
    bettor: session.nextBettor,
  });
  if (!last) return { ok: true, view: { ...EMPTY_TABLE_VIEW, standings, next: nextOf() } };

  const rg = record.games[record.games.length - 1]!;
  const setup: GameSetup = { players: Object.keys(last.seating).length as 3 | 4, rules: rulesOf(record), bettor: last.bettor !== null };
  if (rg.dice !== undefined) setup.dice = rg.dice;
  const played = replayGame(rg.events, setup);
  if (!played.ok) return { ok: false, message: played.error.error.message };
  const state = played.value;
  const name = (s: Seat | null | undefined): string | null => (s ? (last.seating[s] ?? SEAT_NAMES[s]) : null);
  const playing = last.status === 'in-progress';
  const at = (i: number): number | null => storedAt[i] ?? null;

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
    betOn: last.betOn ? name(last.betOn) : null,
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
    dead: countsWhere(state, 0),
    nearlyDead: countsWhere(state, 1),
    ending: playing
      ? null
      : {
          status: last.status as EndingView['status'],
          winner: name(last.winner),
          value: state.win && !playing ? state.win.value : null,
          selfPick: last.selfPick === true,
          discarder: name(last.discarder),
        },
    standings,
    next: playing ? null : nextOf(),
    updatedAt: at(rg.events.length - 1),
  };
  return { ok: true, view };
};
