import { amendEvents, sameEvent, undoneBy, type Change } from '../../../core/amend';
import { eventName } from '../../../core/eventName';
import { isImplied } from '../../../core/followTurn';
import type { GameEvent } from '../../../core/events';
import { replayGame, type GameSetup } from '../../../core/game';
import { SEAT_NAMES, type Seat } from '../../../core/seats';
import { tileName, type Tile } from '../../../core/tiles';
import { parseCommand, type Names } from './command';

/**
 * The `fix` command (docs/keyboard.md, "Fixing an earlier event"): change an earlier event of
 * the game in place. The part after the event's number is an ordinary command, read against the
 * game as it stood just before that event (so `fix 41 7d` is the discard of whoever was in turn
 * at event 41, and `fix 45 c n 3` a pung of the tile that was live then).
 *
 *   fix               list the recent events, numbered (arrow up/down steps through them)
 *   fix 41            show event 41 and what can be done with it
 *   fix 41 s 7d       event 41 becomes South's discard of a Seven Dot (any command: c w 3, m s 30, ...)
 *   fix 41 drop       event 41 was never made
 *   fix 41 before s 3b   a forgotten event, put in before event 41
 *   drop              while a fix waits on a later event it made illegal: drop that event
 */
export type FixCommand =
  /** Show the list; `at`: the event picked (absent: the latest). */
  | { kind: 'fixList'; at?: number; preview: string }
  | { kind: 'fix'; change: Change; preview: string }
  | { kind: 'problem'; message: string };

/** The numbers of the events that stand (not an undo, not taken back by one), oldest first. */
export const standing = (log: readonly GameEvent[]): number[] => {
  const undone = undoneBy(log);
  const out: number[] = [];
  log.forEach((e, i) => {
    if (e.type !== 'retract' && !undone.has(i)) out.push(i + 1);
  });
  return out;
};

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Whether a line is a fix (or, while a fix waits, `drop`). */
export const isFixLine = (line: string, waiting: boolean): boolean => {
  const head = line.trim().toLowerCase().split(/\s+/)[0];
  return head === 'fix' || (waiting && head === 'drop');
};

/**
 * Read a fix line against `log` (the stored log, or the log as a waiting fix leaves it). `laterAt`:
 * the event a waiting fix made illegal (what a bare `drop` drops). `staged`: the ending on the payout
 * sheet, not yet confirmed (taken back with `u`, not fixed).
 */
export const parseFix = (
  line: string,
  log: readonly GameEvent[],
  setup: GameSetup,
  names: Names,
  laterAt?: number,
  staged: readonly GameEvent[] = [],
): FixCommand => {
  const toks = line.trim().split(/\s+/).filter(Boolean);
  const head = toks[0]?.toLowerCase();
  const problem = (message: string): FixCommand => ({ kind: 'problem', message });
  if (head === 'drop') {
    if (laterAt === undefined || toks.length > 1) return problem('drop: type fix and the event’s number, then drop (fix 41 drop)');
    return { kind: 'fix', change: { at: laterAt, action: 'delete' }, preview: `Drop event ${laterAt}, ${eventName(log[laterAt - 1]!)}` };
  }
  const ok = standing(log);
  if (toks.length === 1) {
    if (ok.length === 0) return problem('There is nothing to fix yet');
    return { kind: 'fixList', preview: `Which event? Type its number (fix ${ok.at(-1)}), or ↑ ↓ to step through them` };
  }
  const n = Number(toks[1]);
  if (!/^\d+$/.test(toks[1]!) || n < 1) return problem(`fix: then the event’s number (fix ${ok.at(-1) ?? 1})`);
  if (n > log.length && n <= log.length + staged.length)
    return problem(
      `Event ${n}, ${eventName(staged[n - log.length - 1]!)}, is not confirmed yet: type u to take it back, then type it as it should be`,
    );
  if (n > log.length) return problem(`There is no event ${n}: the game has ${log.length} event${log.length === 1 ? '' : 's'}`);
  const target = log[n - 1]!;
  if (target.type === 'retract') return problem(`Event ${n} is an undo: fix the event it took back, or the one after it`);
  const taken = undoneBy(log).get(n - 1);
  const rest = toks.slice(2);
  const what = `Event ${n}, ${eventName(target)}`;
  if (rest.length === 0)
    return {
      kind: 'fixList',
      at: n,
      preview: taken !== undefined ? `${what}, was taken back: it can only be dropped (fix ${n} drop)` : `${what}: type what it should be`,
    };
  const word = rest[0]!.toLowerCase();
  if (word === 'drop') {
    if (rest.length > 1) return problem(`fix ${n} drop takes nothing after it`);
    return {
      kind: 'fix',
      change: { at: n, action: 'delete' },
      preview: `Drop ${what.charAt(0).toLowerCase()}${what.slice(1)}${taken !== undefined ? ' (taken back) and its undo' : ''}`,
    };
  }
  if (taken !== undefined)
    return problem(`${what}, was taken back by event ${taken + 1}: there is nothing to fix (fix ${n} drop removes it)`);
  const insert = word === 'before';
  const inner = insert ? rest.slice(1) : rest;
  if (inner.length === 0) return problem(`fix ${n} before: then the missing event (fix ${n} before s 3b)`);
  const before = replayGame(log.slice(0, n - 1), setup);
  if (!before.ok) return problem(`The game before event ${n} does not replay: ${before.error.error.message}`);
  const c = parseCommand(inner.join(' '), before.value, names);
  if (c.kind === 'problem') return problem(`fix ${n}: ${c.message}`);
  if (c.kind !== 'event')
    return problem(`fix ${n}: then an event (a tile, s 5b, c w 3, m s 30, ...), drop, or before and the missing event`);
  if (insert)
    return withFollow(
      { kind: 'fix', change: { at: n, action: 'insert', event: c.event }, preview: `Put in ${eventName(c.event)} before event ${n}` },
      log,
      setup,
    );
  // Only the seat changes (a call given to the wrong player): said short, so what moves with it fits too.
  const unseated = (e: GameEvent) => ({ ...e, seat: undefined, implied: undefined });
  const seatOnly =
    'seat' in target &&
    'seat' in c.event &&
    target.seat !== c.event.seat &&
    sameEvent(unseated(target) as GameEvent, unseated(c.event) as GameEvent);
  const preview = seatOnly
    ? `Fix: event ${n} is ${SEAT_NAMES[(c.event as { seat: Seat }).seat]}’s, not ${SEAT_NAMES[(target as { seat: Seat }).seat]}’s`
    : `Fix: ${cap(eventName(target))} (event ${n}) becomes ${eventName(c.event)}`;
  return withFollow({ kind: 'fix', change: { at: n, action: 'replace', event: c.event }, preview }, log, setup);
};

/** The preview says what else the fix moves ("Events 24-31 now follow West: ...") or leaves to fix. */
const withFollow = (f: Extract<FixCommand, { kind: 'fix' }>, log: readonly GameEvent[], setup: GameSetup): FixCommand => {
  const r = amendEvents(log, setup, [f.change], '');
  if (r.ok) return r.value.follows ? { ...f, preview: `${f.preview}. ${r.value.follows}` } : f;
  if (r.error.kind === 'later') return { ...f, preview: `${f.preview}; then event ${r.error.at} needs fixing too` };
  return f;
};

/** One example of fixing the event chosen: the keys and what they say. */
export interface FixHint {
  keys: string;
  text: string;
}

const key = (t: Tile): string => t.toLowerCase();
const article = (name: string): string => `${/^[AEIO]/.test(name) ? 'an' : 'a'} ${name}`;
const seatKey = (s: Seat): string => s.toLowerCase();

/**
 * Examples about the event chosen (docs/keyboard.md): for a discard, another tile, another
 * player's, a forgotten discard before it; for a call, another caller or size; for a mah jongg,
 * another value; and always drop.
 */
export const fixHints = (log: readonly GameEvent[], n: number, setup: GameSetup): FixHint[] => {
  const e = log[n - 1];
  if (!e || e.type === 'retract') return [];
  const drop: FixHint = { keys: `fix ${n} drop`, text: 'it never happened' };
  if (undoneBy(log).has(n - 1)) return [{ keys: `fix ${n} drop`, text: 'drop it and its undo' }];
  const before = replayGame(log.slice(0, n - 1), setup);
  const seats = before.ok ? before.value.seats : (['E', 'S', 'W', 'N'] as const);
  const prev = (s: Seat): Seat => seats[(seats.indexOf(s) + seats.length - 1) % seats.length]!;
  const next = (s: Seat): Seat => seats[(seats.indexOf(s) + 1) % seats.length]!;
  switch (e.type) {
    case 'discard': {
      const other: Tile = e.tile === '7D' ? '3B' : '7D';
      // A bare tile given to the wrong player: most often the discard of the player it went to was forgotten.
      const by = isImplied(e) ? e.seat : prev(e.seat);
      return [
        { keys: `fix ${n} ${key(other)}`, text: `${article(tileName(other))}, not ${article(tileName(e.tile))}` },
        { keys: `fix ${n} ${seatKey(next(e.seat))} ${key(e.tile)}`, text: `${SEAT_NAMES[next(e.seat)]}’s, not ${SEAT_NAMES[e.seat]}’s` },
        { keys: `fix ${n} before ${seatKey(by)} 3b`, text: `${SEAT_NAMES[by]}’s discard was forgotten before it` },
        drop,
      ];
    }
    case 'call': {
      const other = next(e.seat);
      const size = 'mahjong' in e ? 'm' : String(e.exposure.length);
      const hints: FixHint[] = [
        { keys: `fix ${n} c ${seatKey(other)} ${size}`, text: `${SEAT_NAMES[other]} called it, not ${SEAT_NAMES[e.seat]}` },
      ];
      if (!('mahjong' in e) && e.exposure.length === 3) hints.push({ keys: `fix ${n} c ${seatKey(e.seat)} 4`, text: 'a kong, not a pung' });
      return [...hints, drop];
    }
    case 'mahjong':
      return [
        { keys: `fix ${n} m ${seatKey(e.seat)} ${e.value + 5}`, text: `worth ${e.value + 5}, not ${e.value}` },
        { keys: `fix ${n} m ${seatKey(next(e.seat))} ${e.value}`, text: `${SEAT_NAMES[next(e.seat)]}’s mah jongg` },
        { keys: `fix ${n} drop`, text: 'no mah jongg: the game goes on' },
      ];
    default:
      return [{ keys: `fix ${n} before ${seatKey(prev('seat' in e ? e.seat : 'E'))} 3b`, text: 'a discard forgotten before it' }, drop];
  }
};

/** One row of the fix list: the event's number, its sentence, and whether it stands. */
export interface FixRow {
  n: number;
  text: string;
  /** Taken back by an undo: shown struck, never as if it stood. */
  undone: boolean;
}

/** The rows around `at` (the latest by default): up to `size` events, undos left out, newest last. */
export const fixRows = (log: readonly GameEvent[], at: number | undefined, size = 7): FixRow[] => {
  const undone = undoneBy(log);
  const rows: FixRow[] = [];
  log.forEach((e, i) => {
    if (e.type !== 'retract') rows.push({ n: i + 1, text: cap(eventName(e)), undone: undone.has(i) });
  });
  const end =
    at === undefined ? rows.length : Math.min(rows.length, Math.max(rows.findIndex((r) => r.n >= at) + 1 + Math.floor(size / 2), size));
  return rows.slice(Math.max(0, end - size), end);
};
