import { DEAD_CAUSES, type DeadCause, type GameEvent, type HandCategory } from '../events';
import type { Result } from '../result';
import { SEATS, type Seat } from '../seats';
import { parseTile, type Tile } from '../tiles';
import { attempt, Invalid, isObj, show } from './read';

export interface EventContext {
  /** The seats at this table (E S W, or E S W N). */
  seats: readonly Seat[];
  /** A fifth player sits out and bets. */
  hasBettor: boolean;
  /**
   * 'ignore': fields beyond those of the event's type are dropped (a table record, for forward
   * compatibility); 'refuse': they are an error (the page, which is the same version as main).
   */
  unknownFields: 'ignore' | 'refuse';
}

/** Any table, as the page sends events: the engine then judges the seat and the bettor. */
export const ANY_TABLE: EventContext = { seats: SEATS, hasBettor: true, unknownFields: 'refuse' };

const CATEGORIES: readonly HandCategory[] = ['singles-pairs', 'quints'];

/** The fields each event type may carry ('type' included). */
const FIELDS: { readonly [K in GameEvent['type']]: readonly string[] } = {
  bet: ['on'],
  discard: ['seat', 'tile', 'named', 'hot', 'beforePick', 'implied'],
  pick: ['seat', 'implied'],
  rack: ['seat', 'tap', 'implied'],
  call: ['seat', 'exposure', 'mahjong', 'together'],
  jokerExchange: ['seat', 'from', 'tile', 'beforePick', 'implied'],
  dead: ['seat', 'by', 'upheld', 'cause', 'disputed'],
  mahjong: ['seat', 'value', 'jokerless', 'category', 'from', 'selfPick', 'special', 'concealed', 'hand', 'tiles'],
  mahjongInError: ['seat', 'exposed', 'value', 'survivorValue'],
  wrongWall: ['seat'],
  wallGame: [],
  retract: [],
};

/**
 * One game event from untrusted JSON: the only reader of the event shape (the record reader,
 * the IPC contract and the tools all call it). Seats and tiles are read case-insensitively and
 * come out canonical. Shape only: whether the event is legal now is the reducer's judgement.
 */
export const parseEvent = (x: unknown, table: EventContext = ANY_TABLE): Result<GameEvent, string> => attempt(() => readEvent(x, table));

const readEvent = (e: unknown, { seats, hasBettor, unknownFields }: EventContext): GameEvent => {
  if (!isObj(e)) throw new Invalid('an event must be an object with a "type"');
  const type = e.type;
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) throw new Invalid(`unknown event type ${show(type)}`);
  if (unknownFields === 'refuse') {
    const extra = Object.keys(e).find((k) => k !== 'type' && !FIELDS[type as GameEvent['type']].includes(k));
    if (extra !== undefined) throw new Invalid(`${type}: unknown field ${show(extra)}`);
  }
  const seat = (f: string, optional = false): Seat | undefined => {
    const v = e[f];
    if (v === undefined && optional) return undefined;
    const s = typeof v === 'string' ? v.trim().toUpperCase() : v;
    if (typeof s !== 'string' || !seats.includes(s as Seat))
      throw new Invalid(`${type}.${f} must be a seat (${seats.join(', ')}), got ${show(v)}`);
    return s as Seat;
  };
  const tile = (f: string, v: unknown = e[f]): Tile => {
    const t = parseTile(v);
    if (!t) throw new Invalid(`${type}.${f}: ${show(v)} is not a tile (1B-9B, 1C-9C, 1D-9D, N E W S, R G 0, F, J)`);
    return t;
  };
  const bool = (f: string, optional = false): boolean | undefined => {
    const v = e[f];
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'boolean') throw new Invalid(`${type}.${f} must be true or false, got ${show(v)}`);
    return v;
  };
  const value = (f: string, optional = false): number | undefined => {
    const v = e[f];
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0)
      throw new Invalid(`${type}.${f} must be a hand value (a whole number > 0), got ${show(v)}`);
    return v;
  };
  const S = (f: string) => seat(f)!;
  /** The seat was not typed (docs/table-record.md): kept only when true, so a typed event reads as before. */
  const implied = <T extends GameEvent>(ev: T): T => (bool('implied', true) === true ? { ...ev, implied: true } : ev);
  switch (type as GameEvent['type']) {
    case 'bet':
      if (!hasBettor) throw new Invalid('bet: there is no bettor at a table of fewer than 5');
      // A bet on the wall is read as such; whether the house allows it is the game's rule (judge/bets.ts).
      return { type: 'bet', on: e.on === 'wall' ? 'wall' : S('on') };
    case 'discard': {
      const d: Extract<GameEvent, { type: 'discard' }> = { type: 'discard', seat: S('seat'), tile: tile('tile') };
      if (e.named !== undefined) d.named = tile('named');
      const hot = bool('hot', true);
      if (hot !== undefined) d.hot = hot;
      const beforePick = bool('beforePick', true);
      if (beforePick !== undefined) d.beforePick = beforePick;
      return implied(d);
    }
    case 'pick':
      return implied({ type: 'pick', seat: S('seat') });
    case 'wrongWall':
      return { type: 'wrongWall', seat: S('seat') };
    case 'rack': {
      const r: Extract<GameEvent, { type: 'rack' }> = { type: 'rack', seat: S('seat') };
      const tap = bool('tap', true);
      if (tap !== undefined) r.tap = tap;
      return implied(r);
    }
    case 'call': {
      const s = S('seat');
      if (e.mahjong !== undefined && e.exposure !== undefined) throw new Invalid('call: give either "exposure" or "mahjong", not both');
      const together = bool('together', true);
      const extra = together !== undefined ? { together } : {};
      if (e.mahjong !== undefined) {
        if (e.mahjong !== true) throw new Invalid(`call.mahjong must be true, got ${show(e.mahjong)}`);
        return { type: 'call', seat: s, mahjong: true, ...extra };
      }
      if (!Array.isArray(e.exposure) || e.exposure.length < 3 || e.exposure.length > 6)
        throw new Invalid(`call.exposure must list the 3 to 6 tiles exposed (the claimed tile included), got ${show(e.exposure)}`);
      return { type: 'call', seat: s, exposure: e.exposure.map((t, i) => tile(`exposure[${i}]`, t)), ...extra };
    }
    case 'jokerExchange': {
      const x: Extract<GameEvent, { type: 'jokerExchange' }> = {
        type: 'jokerExchange',
        seat: S('seat'),
        from: S('from'),
        tile: tile('tile'),
      };
      const beforePick = bool('beforePick', true);
      if (beforePick !== undefined) x.beforePick = beforePick;
      return implied(x);
    }
    case 'dead': {
      const d: Extract<GameEvent, { type: 'dead' }> = { type: 'dead', seat: S('seat') };
      const by = seat('by', true);
      if (by !== undefined) d.by = by;
      const upheld = bool('upheld', true);
      if (upheld !== undefined) d.upheld = upheld;
      const disputed = bool('disputed', true);
      if (disputed !== undefined) d.disputed = disputed;
      if (e.cause !== undefined) {
        if (!DEAD_CAUSES.includes(e.cause as DeadCause))
          throw new Invalid(`dead.cause must be one of ${DEAD_CAUSES.join(', ')}, got ${show(e.cause)}`);
        d.cause = e.cause as DeadCause;
      }
      return d;
    }
    case 'mahjong': {
      const m: Extract<GameEvent, { type: 'mahjong' }> = {
        type: 'mahjong',
        seat: S('seat'),
        value: value('value')!,
        jokerless: bool('jokerless')!,
      };
      if (e.category !== undefined) {
        if (!CATEGORIES.includes(e.category as HandCategory))
          throw new Invalid(`mahjong.category must be one of ${CATEGORIES.join(', ')}, got ${show(e.category)}`);
        m.category = e.category as HandCategory;
      }
      const from = seat('from', true);
      const selfPick = bool('selfPick', true);
      if (from !== undefined && selfPick === true) throw new Invalid('mahjong: "from" and "selfPick": true contradict each other');
      if (from !== undefined && from === m.seat) throw new Invalid('mahjong.from: a player cannot win on her own discard');
      if (from !== undefined) m.from = from;
      if (selfPick !== undefined) m.selfPick = selfPick;
      if (e.special !== undefined) {
        if (e.special !== 'heavenly' && e.special !== 'earthly')
          throw new Invalid(`mahjong.special must be "heavenly" or "earthly", got ${show(e.special)}`);
        m.special = e.special;
      }
      const concealed = bool('concealed', true);
      if (concealed !== undefined) m.concealed = concealed;
      if (e.hand !== undefined) {
        if (typeof e.hand !== 'string' || e.hand.trim() === '' || e.hand.length > 80 || /[\u0000-\u001f\u007f]/.test(e.hand))
          throw new Invalid(`mahjong.hand must be the name of a hand of the card, such as "2026 #2", got ${show(e.hand)}`);
        m.hand = e.hand.trim();
      }
      if (e.tiles !== undefined) {
        if (!Array.isArray(e.tiles) || e.tiles.length !== 14)
          throw new Invalid(`mahjong.tiles must list the winner's 14 tiles, got ${show(e.tiles)}`);
        m.tiles = e.tiles.map((t) => tile('tiles', t));
      }
      return m;
    }
    case 'mahjongInError': {
      const m: Extract<GameEvent, { type: 'mahjongInError' }> = { type: 'mahjongInError', seat: S('seat'), exposed: bool('exposed')! };
      const v = value('value', true);
      if (v !== undefined) m.value = v;
      const sv = value('survivorValue', true);
      if (sv !== undefined) m.survivorValue = sv;
      return m;
    }
    case 'wallGame':
      return { type: 'wallGame' };
    case 'retract':
      return { type: 'retract' };
  }
};
