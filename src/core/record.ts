import { parseDice } from './dice';
import type { GameEvent } from './events';
import { parseAmendments } from './parse/amendments';
import { parseEvent, type EventContext } from './parse/event';
import { parseBettor, parseSeating, parseSetup } from './parse/setup';
import { err, ok, type Result } from './result';
import { OFFICIAL_RULES, type HouseRules } from './rules';
import { seatsFor } from './seats';
import { GAME_ENGINE } from './game';
import { replaySessionWith, type ReplayError, type SessionSummary } from './summary';
import { RECORD_FORMAT, RECORD_VERSION, RECORD_VERSIONS_READ, type RecordGame, type TableRecord } from './tableRecord';

/**
 * The table record (docs/table-record.md), version RECORD_VERSION (older versions still read):
 * parse and validate untrusted text into a `TableRecord`, and write the canonical form back.
 * Event positions in errors are 1-based (the first event of a game is event 1), as are games.
 */
export { readingNotes, type ReadingNote } from './recordVersions';
export { RECORD_FORMAT, RECORD_VERSION, RECORD_VERSIONS_READ, type RecordGame, type RecordVersion, type TableRecord } from './tableRecord';

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
  const version = RECORD_VERSIONS_READ.find((v) => v === x.version);
  if (version === undefined)
    throw new Invalid(`version must be ${RECORD_VERSIONS_READ.join(' or ')} (this app writes ${RECORD_VERSION}), got ${show(x.version)}`);
  // The header is a session setup, judged as the setup screen's is.
  const header = parseSetup(x, 'ignore');
  if (!header.ok) throw new Invalid(header.error);
  const { players, seating, bettor, stakes, pie, rules } = header.value;
  if (!Array.isArray(x.games)) throw new Invalid(`games must be a list, got ${show(x.games)}`);
  const games = x.games.map((g, i) => readGame(g, i + 1, players, seating.length));

  const rec: TableRecord = { format: RECORD_FORMAT, version, players, seating, stakes, rules, games };
  if (bettor !== undefined) rec.bettor = bettor;
  if (pie) rec.pie = pie;
  if (x.card !== undefined) rec.card = readCard(x.card);
  return rec;
};

/** Extension `card`: the session's group card as its text (docs/card.md); whether it reads is checked on replay. */
const readCard = (c: unknown): { text: string } => {
  if (!isObj(c) || typeof c.text !== 'string' || c.text.length > 200_000)
    throw new Invalid(`card must be {"text": the card's text}, got ${show(c).slice(0, 80)}`);
  return { text: c.text };
};

const readGame = (g: unknown, n: number, players: readonly string[], seated: number): RecordGame => {
  if (!isObj(g)) throw new Invalid('a game must be an object with "events"', n);
  const out: RecordGame = { events: [] };
  const must = <T>(r: Result<T, string>): T => {
    if (!r.ok) throw new Invalid(r.error, n);
    return r.value;
  };
  if (g.seating !== undefined) {
    out.seating = must(parseSeating(g.seating, 'seating', players, seated));
    const b = must(parseBettor(g.bettor, 'bettor', players, out.seating));
    if (b !== undefined) out.bettor = b;
  } else if (g.bettor !== undefined) throw new Invalid('a game\'s "bettor" needs its own "seating" too', n);
  if (g.dice !== undefined) {
    out.dice = must(parseDice(g.dice));
  }
  if (!Array.isArray(g.events)) throw new Invalid(`events must be a list, got ${show(g.events)}`, n);
  const table: EventContext = { seats: seatsFor(seated === 3 ? 3 : 4), hasBettor: players.length === 5, unknownFields: 'ignore' };
  out.events = g.events.map((e, i) => {
    const r = parseEvent(e, table);
    if (!r.ok) throw new Invalid(r.error, n, i + 1);
    return r.value;
  });
  if (g.amendments !== undefined) {
    const trail = must(parseAmendments(g.amendments, out.events, table));
    if (trail.length) out.amendments = trail;
  }
  return out;
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
  /** The session's card text, exported with it. */
  card?: string;
}): TableRecord => {
  const rec: TableRecord = {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    players: [...parts.players],
    seating: [...parts.seating],
    stakes: { centsPerPoint: parts.centsPerPoint ?? 1 },
    rules: { ...(parts.rules ?? {}) },
    games: (parts.games ?? []).map((g) => ({ ...g, events: [...g.events], ...(g.amendments ? { amendments: [...g.amendments] } : {}) })),
  };
  if (parts.bettor !== undefined) rec.bettor = parts.bettor;
  if (parts.pie !== undefined) rec.pie = { points: parts.pie };
  if (parts.card !== undefined) rec.card = { text: parts.card };
  return rec;
};

/** Event fields in a fixed order, so the same record always serialises to the same text. */
const EVENT_KEYS = [
  'type',
  'seat',
  'on',
  'tile',
  'named',
  'hot',
  'beforePick',
  'tap',
  'exposure',
  'mahjong',
  'together',
  'from',
  'by',
  'disputed',
  'upheld',
  'cause',
  'value',
  'jokerless',
  'category',
  'selfPick',
  'special',
  'concealed',
  'hand',
  'tiles',
  'exposed',
  'survivorValue',
  'implied',
];
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
  if (r.card !== undefined) doc.card = { text: r.card.text };
  doc.games = r.games.map((g) => {
    const out: Record<string, unknown> = {};
    if (g.seating) out.seating = g.seating;
    if (g.bettor !== undefined) out.bettor = g.bettor;
    if (g.dice !== undefined) out.dice = g.dice;
    out.events = g.events.map(canonicalEvent);
    if (g.amendments?.length)
      out.amendments = g.amendments.map((a) => {
        const m: Record<string, unknown> = { at: a.at, action: a.action };
        if (a.event) m.event = canonicalEvent(a.event);
        if (a.was) m.was = canonicalEvent(a.was);
        return { ...m, length: a.length, when: a.when };
      });
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
