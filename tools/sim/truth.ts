/**
 * What the table can see, kept by the simulator independently of the engine: the referee's
 * truth after every event (wall count, each kind's discarded / exposed / unseen counts, whose
 * turn, the live discard and its window, dead hands, how the game stands, how three dead hands
 * are settled and who pays alone for a mah jongg on a misnamed or out-of-turn discard).
 */
import { copiesOf, TILES, type GameState, type Seat, type Tile } from '../../src/core';

export interface TableExposure {
  readonly kind: Tile;
  tiles: Tile[];
}

export interface Truth {
  wall: number;
  /** Whose turn; null once the game is over. */
  turn: Seat | null;
  live: { tile: Tile; seat: Seat; window: 'open' | 'closed' } | null;
  status: GameState['status'];
  dead: Seat[];
  /** Per kind, in TILES order: on the floor (not claimed), and showing in exposures. Unseen = copies - both. */
  discarded: number[];
  exposed: number[];
  /** How three dead hands are settled (RULES §8.4): the rule and who pays, once the game ended so. */
  threeDead: { rule: 'b' | 'c' | 'e'; payer: Seat | null } | null;
  /** Who pays alone for a mah jongg on a misnamed or out-of-turn discard (RULES §4.7, §4.8, §9.1). */
  sole: 'misnamed' | 'out-of-turn' | null;
}

/** The visible table the simulator updates as it plays. */
export interface Table {
  seats: readonly Seat[];
  wall: number;
  turn: Seat;
  live: Truth['live'];
  status: GameState['status'];
  dead: Set<Seat>;
  /** Discards still on the floor (claimed ones are removed). */
  floor: Tile[];
  exposures: Record<Seat, TableExposure[]>;
  /** Dead hands in the order they died, each with whether she died by a mah jongg in error. */
  deaths: { seat: Seat; erred: boolean }[];
  threeDead: Truth['threeDead'];
  sole: Truth['sole'];
}

export const newTable = (seats: readonly Seat[], wall: number): Table => ({
  seats,
  wall,
  turn: 'E',
  live: null,
  status: 'in-progress',
  dead: new Set(),
  floor: [],
  exposures: { E: [], S: [], W: [], N: [] },
  deaths: [],
  threeDead: null,
  sole: null,
});

const INDEX = new Map<Tile, number>(TILES.map((t, i) => [t, i]));

export const truthOf = (t: Table): Truth => {
  const discarded = new Array<number>(TILES.length).fill(0);
  const exposed = new Array<number>(TILES.length).fill(0);
  for (const x of t.floor) discarded[INDEX.get(x)!]++;
  for (const s of t.seats) for (const x of t.exposures[s]) for (const y of x.tiles) exposed[INDEX.get(y)!]++;
  return {
    wall: t.wall,
    turn: t.status === 'in-progress' ? t.turn : null,
    live: t.live ? { ...t.live } : null,
    status: t.status,
    dead: t.seats.filter((s) => t.dead.has(s)),
    discarded,
    exposed,
    threeDead: t.threeDead ? { ...t.threeDead } : null,
    sole: t.sole,
  };
};

/** One kind's counts as `replay` prints them. */
export const countsOf = (truth: Truth, tile: Tile): { discarded: number; exposed: number; unseen: number } => {
  const i = INDEX.get(tile)!;
  const discarded = truth.discarded[i]!;
  const exposed = truth.exposed[i]!;
  return { discarded, exposed, unseen: copiesOf(tile) - discarded - exposed };
};

/** The same view of the engine's state, to compare with the truth. */
export const engineView = (s: GameState): Truth => ({
  wall: s.wallRemaining,
  turn: s.status === 'in-progress' ? s.turn : null,
  live: s.live ? { tile: s.live.tile, seat: s.live.seat, window: s.live.window } : null,
  status: s.status,
  dead: s.seats.filter((x) => s.dead[x] !== null),
  discarded: TILES.map((t) => s.tiles[t].discarded),
  exposed: TILES.map((t) => s.tiles[t].exposed),
  threeDead: threeDeadOf(s),
  sole: soleOf(s),
});

const threeDeadOf = (s: GameState): Truth['threeDead'] => {
  const t = s.threeDead;
  return t && (t.rule === 'b' || t.rule === 'c' || t.rule === 'e') ? { rule: t.rule, payer: t.payer ?? null } : null;
};
const soleOf = (s: GameState): Truth['sole'] => {
  const x = s.status === 'mahjong' ? s.win?.soleDiscarderPays : undefined;
  return x === 'misnamed' || x === 'out-of-turn' ? x : null;
};
const sameThreeDead = (a: Truth['threeDead'], b: Truth['threeDead']): boolean =>
  a === null || b === null ? a === b : a.rule === b.rule && a.payer === b.payer;

const sameLive = (a: Truth['live'], b: Truth['live']): boolean =>
  a === null || b === null ? a === b : a.tile === b.tile && a.seat === b.seat && a.window === b.window;

/** Whether the engine's state agrees with the truth (fast; `differences` says where it does not). */
export const agrees = (s: GameState, truth: Truth): boolean => {
  if (s.wallRemaining !== truth.wall || s.status !== truth.status) return false;
  if ((s.status === 'in-progress' ? s.turn : null) !== truth.turn) return false;
  const live = s.live ? { tile: s.live.tile, seat: s.live.seat, window: s.live.window } : null;
  if (!sameLive(live, truth.live)) return false;
  if (s.seats.filter((x) => s.dead[x] !== null).join() !== truth.dead.join()) return false;
  if (!sameThreeDead(threeDeadOf(s), truth.threeDead) || soleOf(s) !== truth.sole) return false;
  for (let i = 0; i < TILES.length; i++) {
    const c = s.tiles[TILES[i]!];
    if (
      c.discarded !== truth.discarded[i] ||
      c.exposed !== truth.exposed[i] ||
      c.unseen !== copiesOf(TILES[i]!) - truth.discarded[i]! - truth.exposed[i]!
    )
      return false;
  }
  return true;
};

/** Where the engine and the truth differ, one short line per field, or [] when they agree. */
export const differences = (s: GameState, truth: Truth): string[] => {
  const engine = engineView(s);
  const out: string[] = [];
  for (const k of ['wall', 'turn', 'status'] as const)
    if (engine[k] !== truth[k]) out.push(`${k}: engine ${String(engine[k])}, truth ${String(truth[k])}`);
  if (!sameLive(engine.live, truth.live)) out.push(`live: engine ${JSON.stringify(engine.live)}, truth ${JSON.stringify(truth.live)}`);
  if (engine.dead.join() !== truth.dead.join()) out.push(`dead: engine ${engine.dead.join()}, truth ${truth.dead.join()}`);
  if (!sameThreeDead(engine.threeDead, truth.threeDead))
    out.push(`three dead: engine ${JSON.stringify(engine.threeDead)}, truth ${JSON.stringify(truth.threeDead)}`);
  if (engine.sole !== truth.sole) out.push(`pays alone: engine ${String(engine.sole)}, truth ${String(truth.sole)}`);
  for (const t of TILES) {
    const c = s.tiles[t];
    const want = countsOf(truth, t);
    if (c.discarded !== want.discarded || c.exposed !== want.exposed || c.unseen !== want.unseen)
      out.push(`${t}: engine ${JSON.stringify(c)}, truth ${JSON.stringify(want)}`);
  }
  return out;
};
