import { DEAD_CAUSES, type DeadCause, type GameEvent, type HandCategory } from './events';
import { err, ok, type Result } from './result';
import { OFFICIAL_RULES, type HouseRules } from './rules';
import { SEATS, seatsFor, type Seat } from './seats';
import { parseTile, type Tile } from './tiles';
import { GAME_ENGINE } from './game';
import { replaySessionWith, type ReplayError, type SessionSummary } from './summary';
import { RECORD_FORMAT, RECORD_VERSION, type RecordGame, type TableRecord } from './tableRecord';

/**
 * The table record, format v1 (/work/shared/spec/table-record.md, docs/table-record.md):
 * parse and validate untrusted text into a `TableRecord`, and write the canonical form back.
 * Event positions in errors are 1-based (the first event of a game is event 1), as are games.
 */
export { RECORD_FORMAT, RECORD_VERSION, type RecordGame, type TableRecord } from './tableRecord';

/** What is wrong with a record: `game` and `index` (1-based event position) when they apply. */
export interface RecordError {
  game?: number;
  index?: number;
  message: string;
}

/** One line naming the game, the event's position and the reason. */
export const describeRecordError = (e: RecordError): string => {
  const where = [e.game !== undefined ? `game ${e.game}` : '', e.index !== undefined ? `event ${e.index}` : ''].filter(Boolean).join(', ');
  return where ? `${where}: ${e.message}` : e.message;
};

class Invalid extends Error {
  constructor(
    message: string,
    readonly game?: number,
    readonly index?: number,
  ) {
    super(message);
  }
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const show = (x: unknown): string => (x === undefined ? 'missing' : JSON.stringify(x));

/** Switch names and what each accepts (unknown switch = error). */
const SWITCH_KINDS: { [K in keyof HouseRules]: 'boolean' | 'number' | readonly string[] } = {
  exposingClaimantPriority: 'boolean',
  tapClosesWindow: 'boolean',
  jokerlessExcludesQuints: 'boolean',
  penalty4xUsesB: 'boolean',
  rule_b_value: ['erringHand', 'survivorHand'],
  challengePenalty: 'number',
  wrongChallengerDead: 'boolean',
  payForTheParty: 'boolean',
  lastWallMahJonggClaimsOnly: 'boolean',
  hotTilePenalty: 'boolean',
  threeExposuresPayForTheParty: 'boolean',
  pivot: 'boolean',
  pivotWithFive: 'boolean',
  bettorLosingPays: ['nonDiscarderRate', 'nothing'],
  threeDeadRuleD: ['25each', '25total'],
  diceBreak: 'boolean',
};

const parseRules = (x: unknown): Partial<HouseRules> => {
  if (x === undefined) return {};
  if (!isObj(x)) throw new Invalid(`rules must be an object of house-rule switches, got ${show(x)}`);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    if (!Object.hasOwn(SWITCH_KINDS, k)) throw new Invalid(`rules: unknown switch "${k}" (known: ${Object.keys(SWITCH_KINDS).join(', ')})`);
    const kind = SWITCH_KINDS[k as keyof HouseRules];
    const good =
      kind === 'boolean' ? typeof v === 'boolean' : kind === 'number' ? typeof v === 'number' && Number.isInteger(v) && v >= 0 : kind.includes(v as string);
    if (!good) throw new Invalid(`rules.${k} must be ${Array.isArray(kind) ? `one of ${kind.join(', ')}` : kind === 'number' ? 'a whole number ≥ 0' : 'true or false'}, got ${show(v)}`);
    out[k] = v;
  }
  return out as Partial<HouseRules>;
};

const parseNames = (x: unknown, what: string, players: readonly string[], n: number): string[] => {
  if (!Array.isArray(x)) throw new Invalid(`${what} must be a list of ${n} player names, got ${show(x)}`);
  if (x.length !== n) throw new Invalid(`${what} must list ${n} players (East first), got ${x.length}`);
  for (const name of x) if (typeof name !== 'string' || !players.includes(name)) throw new Invalid(`${what}: ${show(name)} is not one of the players`);
  if (new Set(x).size !== x.length) throw new Invalid(`${what}: a player is seated twice`);
  return [...(x as string[])];
};

const parseBettor = (x: unknown, what: string, players: readonly string[], seating: readonly string[]): string | undefined => {
  if (players.length < 5) {
    if (x !== undefined && x !== null) throw new Invalid(`${what}: only a table of 5 has a bettor`);
    return undefined;
  }
  if (typeof x !== 'string' || !players.includes(x)) throw new Invalid(`${what} must name the player sitting out (5 players), got ${show(x)}`);
  if (seating.includes(x)) throw new Invalid(`${what}: ${x} cannot both sit in and bet`);
  return x;
};

/** Parse the text of a table record, validating every field. Nothing is changed on error. */
export const parseRecord = (text: string): Result<TableRecord, RecordError> => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err({ message: `not valid JSON: ${(e as Error).message}` });
  }
  return validateRecord(json);
};

/** Validate an already-parsed JSON value as a table record. */
export const validateRecord = (x: unknown): Result<TableRecord, RecordError> => {
  try {
    return ok(readRecord(x));
  } catch (e) {
    if (e instanceof Invalid) {
      const out: RecordError = { message: e.message };
      if (e.game !== undefined) out.game = e.game;
      if (e.index !== undefined) out.index = e.index;
      return err(out);
    }
    throw e;
  }
};

const readRecord = (x: unknown): TableRecord => {
  if (!isObj(x)) throw new Invalid('not a table record: expected a JSON object');
  if (x.format !== RECORD_FORMAT) throw new Invalid(`format must be "${RECORD_FORMAT}", got ${show(x.format)}`);
  if (x.version !== RECORD_VERSION) throw new Invalid(`version must be ${RECORD_VERSION}, got ${show(x.version)}`);
  const p = x.players;
  if (!Array.isArray(p) || p.length < 3 || p.length > 5) throw new Invalid(`players must list 3, 4 or 5 names, got ${show(p)}`);
  for (const name of p) if (typeof name !== 'string' || name.trim() === '') throw new Invalid(`players: ${show(name)} is not a name`);
  if (new Set(p).size !== p.length) throw new Invalid('players: names must be distinct');
  const players = [...(p as string[])];
  const seated = players.length === 5 ? 4 : players.length;
  const seating = parseNames(x.seating, 'seating', players, seated);
  const bettor = parseBettor(x.bettor, 'bettor', players, seating);

  let centsPerPoint = 1;
  if (x.stakes !== undefined) {
    if (!isObj(x.stakes)) throw new Invalid(`stakes must be an object like {"centsPerPoint": 1}, got ${show(x.stakes)}`);
    const c = x.stakes.centsPerPoint ?? 1;
    // At most $100 a point, as the app's setup allows: a larger stake overflows the payouts (found by fuzzing).
    if (typeof c !== 'number' || !Number.isFinite(c) || c <= 0 || c > 10_000)
      throw new Invalid(`stakes.centsPerPoint must be a positive number of cents up to 10000, got ${show(c)}`);
    centsPerPoint = c;
  }
  let pie: { points: number } | undefined;
  if (x.pie !== undefined && x.pie !== null) {
    const pts = isObj(x.pie) ? x.pie.points : undefined;
    if (typeof pts !== 'number' || !Number.isInteger(pts) || pts <= 0) throw new Invalid(`pie.points must be a whole number of points > 0, got ${show(pts)}`);
    pie = { points: pts };
  }
  const rules = parseRules(x.rules);
  if (!Array.isArray(x.games)) throw new Invalid(`games must be a list, got ${show(x.games)}`);
  const games = x.games.map((g, i) => readGame(g, i + 1, players, seated));

  const rec: TableRecord = { format: RECORD_FORMAT, version: RECORD_VERSION, players, seating, stakes: { centsPerPoint }, rules, games };
  if (bettor !== undefined) rec.bettor = bettor;
  if (pie) rec.pie = pie;
  return rec;
};

const readGame = (g: unknown, n: number, players: readonly string[], seated: number): RecordGame => {
  if (!isObj(g)) throw new Invalid('a game must be an object with "events"', n);
  const out: RecordGame = { events: [] };
  try {
    if (g.seating !== undefined) {
      out.seating = parseNames(g.seating, 'seating', players, seated);
      const b = parseBettor(g.bettor, 'bettor', players, out.seating);
      if (b !== undefined) out.bettor = b;
    } else if (g.bettor !== undefined) throw new Invalid('a game\'s "bettor" needs its own "seating" too');
  } catch (e) {
    if (e instanceof Invalid) throw new Invalid(e.message, n);
    throw e;
  }
  if (g.dice !== undefined) {
    if (typeof g.dice !== 'number' || !Number.isInteger(g.dice) || g.dice < 2 || g.dice > 12) throw new Invalid(`dice must be a throw of two dice (2 to 12), got ${show(g.dice)}`, n);
    out.dice = g.dice;
  }
  if (!Array.isArray(g.events)) throw new Invalid(`events must be a list, got ${show(g.events)}`, n);
  const seats = seatsFor(seated === 3 ? 3 : 4);
  const hasBettor = players.length === 5;
  out.events = g.events.map((e, i) => {
    try {
      return readEvent(e, seats, hasBettor);
    } catch (x) {
      if (x instanceof Invalid) throw new Invalid(x.message, n, i + 1);
      throw x;
    }
  });
  return out;
};

const CATEGORIES: readonly HandCategory[] = ['singles-pairs', 'quints'];

/** Read one event; fields beyond those of its type are ignored (forward compatibility). */
const readEvent = (e: unknown, seats: readonly Seat[], hasBettor: boolean): GameEvent => {
  if (!isObj(e)) throw new Invalid('an event must be an object with a "type"');
  const type = e.type;
  const seat = (f: string, optional = false): Seat | undefined => {
    const v = e[f];
    if (v === undefined && optional) return undefined;
    const s = typeof v === 'string' ? v.trim().toUpperCase() : v;
    if (typeof s !== 'string' || !(SEATS as readonly string[]).includes(s) || !seats.includes(s as Seat))
      throw new Invalid(`${String(type)}.${f} must be a seat (${seats.join(', ')}), got ${show(v)}`);
    return s as Seat;
  };
  const tile = (f: string, v: unknown = e[f]): Tile => {
    const t = parseTile(v);
    if (!t) throw new Invalid(`${String(type)}.${f}: ${show(v)} is not a tile`);
    return t;
  };
  const bool = (f: string, optional = false): boolean | undefined => {
    const v = e[f];
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'boolean') throw new Invalid(`${String(type)}.${f} must be true or false, got ${show(v)}`);
    return v;
  };
  const value = (f: string, optional = false): number | undefined => {
    const v = e[f];
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0) throw new Invalid(`${String(type)}.${f} must be a hand value (a whole number > 0), got ${show(v)}`);
    return v;
  };
  const S = (f: string) => seat(f)!;
  switch (type) {
    case 'bet':
      if (!hasBettor) throw new Invalid('bet: there is no bettor at a table of fewer than 5');
      return { type, on: S('on') };
    case 'discard': {
      const d: Extract<GameEvent, { type: 'discard' }> = { type, seat: S('seat'), tile: tile('tile') };
      if (e.named !== undefined) d.named = tile('named');
      const hot = bool('hot', true);
      if (hot !== undefined) d.hot = hot;
      const beforePick = bool('beforePick', true);
      if (beforePick !== undefined) d.beforePick = beforePick;
      return d;
    }
    case 'pick':
    case 'wrongWall':
      return { type, seat: S('seat') };
    case 'rack': {
      const r: Extract<GameEvent, { type: 'rack' }> = { type, seat: S('seat') };
      const tap = bool('tap', true);
      if (tap !== undefined) r.tap = tap;
      return r;
    }
    case 'call': {
      const s = S('seat');
      if (e.mahjong !== undefined && e.exposure !== undefined) throw new Invalid('call: give either "exposure" or "mahjong", not both');
      const together = bool('together', true);
      const extra = together !== undefined ? { together } : {};
      if (e.mahjong !== undefined) {
        if (e.mahjong !== true) throw new Invalid(`call.mahjong must be true, got ${show(e.mahjong)}`);
        return { type, seat: s, mahjong: true, ...extra };
      }
      if (!Array.isArray(e.exposure) || e.exposure.length < 3 || e.exposure.length > 6)
        throw new Invalid(`call.exposure must list the 3 to 6 tiles exposed (the claimed tile included), got ${show(e.exposure)}`);
      return { type, seat: s, exposure: e.exposure.map((t, i) => tile(`exposure[${i}]`, t)), ...extra };
    }
    case 'jokerExchange': {
      const x: Extract<GameEvent, { type: 'jokerExchange' }> = { type, seat: S('seat'), from: S('from'), tile: tile('tile') };
      const beforePick = bool('beforePick', true);
      if (beforePick !== undefined) x.beforePick = beforePick;
      return x;
    }
    case 'dead': {
      const d: Extract<GameEvent, { type: 'dead' }> = { type, seat: S('seat') };
      const by = seat('by', true);
      if (by !== undefined) d.by = by;
      const upheld = bool('upheld', true);
      if (upheld !== undefined) d.upheld = upheld;
      const disputed = bool('disputed', true);
      if (disputed !== undefined) d.disputed = disputed;
      if (e.cause !== undefined) {
        if (!DEAD_CAUSES.includes(e.cause as DeadCause)) throw new Invalid(`dead.cause must be one of ${DEAD_CAUSES.join(', ')}, got ${show(e.cause)}`);
        d.cause = e.cause as DeadCause;
      }
      return d;
    }
    case 'mahjong': {
      const m: Extract<GameEvent, { type: 'mahjong' }> = { type, seat: S('seat'), value: value('value')!, jokerless: bool('jokerless')! };
      if (e.category !== undefined) {
        if (!CATEGORIES.includes(e.category as HandCategory)) throw new Invalid(`mahjong.category must be one of ${CATEGORIES.join(', ')}, got ${show(e.category)}`);
        m.category = e.category as HandCategory;
      }
      const from = seat('from', true);
      const selfPick = bool('selfPick', true);
      if (from !== undefined && selfPick === true) throw new Invalid('mahjong: "from" and "selfPick": true contradict each other');
      if (from !== undefined && from === m.seat) throw new Invalid('mahjong.from: a player cannot win on her own discard');
      if (from !== undefined) m.from = from;
      if (selfPick !== undefined) m.selfPick = selfPick;
      if (e.special !== undefined) {
        if (e.special !== 'heavenly' && e.special !== 'earthly') throw new Invalid(`mahjong.special must be "heavenly" or "earthly", got ${show(e.special)}`);
        m.special = e.special;
      }
      const concealed = bool('concealed', true);
      if (concealed !== undefined) m.concealed = concealed;
      return m;
    }
    case 'mahjongInError': {
      const m: Extract<GameEvent, { type: 'mahjongInError' }> = { type, seat: S('seat'), exposed: bool('exposed')! };
      const v = value('value', true);
      if (v !== undefined) m.value = v;
      const sv = value('survivorValue', true);
      if (sv !== undefined) m.survivorValue = sv;
      return m;
    }
    case 'wallGame':
    case 'retract':
      return { type };
    default:
      throw new Invalid(`unknown event type ${show(type)}`);
  }
};

/** Build a record in canonical form from its parts. */
export const makeRecord = (parts: {
  players: readonly string[];
  seating: readonly string[];
  bettor?: string;
  centsPerPoint?: number;
  pie?: number;
  rules?: Partial<HouseRules>;
  games?: readonly RecordGame[];
}): TableRecord => {
  const rec: TableRecord = {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    players: [...parts.players],
    seating: [...parts.seating],
    stakes: { centsPerPoint: parts.centsPerPoint ?? 1 },
    rules: { ...(parts.rules ?? {}) },
    games: (parts.games ?? []).map((g) => ({ ...g, events: [...g.events] })),
  };
  if (parts.bettor !== undefined) rec.bettor = parts.bettor;
  if (parts.pie !== undefined) rec.pie = { points: parts.pie };
  return rec;
};

/** Event fields in a fixed order, so the same record always serialises to the same text. */
const EVENT_KEYS = ['type', 'seat', 'on', 'tile', 'named', 'hot', 'beforePick', 'tap', 'exposure', 'mahjong', 'together', 'from', 'by', 'disputed', 'upheld', 'cause', 'value', 'jokerless', 'category', 'selfPick', 'special', 'concealed', 'exposed', 'survivorValue'];
const canonicalEvent = (e: GameEvent): Record<string, unknown> => {
  const src = e as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of EVENT_KEYS) if (src[k] !== undefined) out[k] = src[k];
  return out;
};

/** The canonical text of a record: fixed key order, canonical tiles, 2-space indent. */
export const serialiseRecord = (r: TableRecord): string => {
  const rules: Record<string, unknown> = {};
  for (const k of Object.keys(OFFICIAL_RULES)) if (r.rules[k as keyof HouseRules] !== undefined) rules[k] = r.rules[k as keyof HouseRules];
  const doc: Record<string, unknown> = { format: RECORD_FORMAT, version: RECORD_VERSION, players: r.players, seating: r.seating };
  if (r.bettor !== undefined) doc.bettor = r.bettor;
  doc.stakes = { centsPerPoint: r.stakes.centsPerPoint };
  if (r.pie) doc.pie = { points: r.pie.points };
  doc.rules = rules;
  doc.games = r.games.map((g) => {
    const out: Record<string, unknown> = {};
    if (g.seating) out.seating = g.seating;
    if (g.bettor !== undefined) out.bettor = g.bettor;
    if (g.dice !== undefined) out.dice = g.dice;
    out.events = g.events.map(canonicalEvent);
    return out;
  });
  return JSON.stringify(doc, null, 2) + '\n';
};

/** The record's house rules: the official defaults overlaid with its switches. */
export const rulesOf = (r: Pick<TableRecord, 'rules'>): HouseRules => ({ ...OFFICIAL_RULES, ...r.rules });

/**
 * Replay a whole record: every game through the reducer (src/core/game.ts, which also takes
 * quick-scored games), then payments, pie caps and settlement (src/core/summary.ts).
 */
export const replaySession = (record: TableRecord): Result<SessionSummary, ReplayError> => replaySessionWith(record, GAME_ENGINE);
