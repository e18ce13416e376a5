import type { GameEvent } from './events';
import { eventName } from './eventName';
export { describeAmendment } from './eventName';
import { followSentence, followTurn } from './followTurn';
import { replayGame, type GameSetup, type GameState } from './game';
import { err, ok, type Result } from './result';
import { SEAT_NAMES } from './seats';

/**
 * Amending a game's log in place: an earlier event replaced (another tile, seat, exposure...),
 * deleted, or a forgotten one inserted before it; then the whole game replays through the
 * reducer. Nothing is kept unless the whole game replays legally: a later event the change made
 * illegal is named in a sentence, and the caller chooses to fix it too or drop it (another
 * change in the same amendment). Pure: the store keeps the amended log and, append-only, the
 * amendments themselves (what stood, what it became, when), so an amended game can be audited.
 *
 * Events typed for the player in turn (`implied`, src/core/followTurn.ts) move with the turn the
 * changes leave; each one moved is kept as an amendment of its own (a replace, same `when`), so
 * the trail still walks back to the game as typed. A typed discard the new turn leaves out of turn
 * is named like an illegal later event.
 *
 * Positions are 1-based places in the game's log, undos (`retract`) included: the same numbers
 * the table record and `replay` use. An undone event (taken back by a later undo) and an undo
 * itself cannot be fixed; an undone event may be dropped, and its undo goes with it.
 */

export const AMEND_ACTIONS = ['replace', 'delete', 'insert'] as const;
export type AmendAction = (typeof AMEND_ACTIONS)[number];

/** What the player asks for. `event`: the corrected event (replace) or the missing one (insert, before `at`). */
export type Change =
  | { at: number; action: 'replace'; event: GameEvent }
  | { at: number; action: 'insert'; event: GameEvent }
  | { at: number; action: 'delete' };

/** One change as kept for the audit: what stood (`was`), what it became (`event`), how long the log was, when. */
export interface Amendment {
  at: number;
  action: AmendAction;
  event?: GameEvent;
  was?: GameEvent;
  /** Events in the game's log just before this change (so the audit trail can be walked back). */
  length: number;
  /** ISO time. */
  when: string;
}

export interface AmendedGame {
  /** The game's log after the changes. */
  events: GameEvent[];
  state: GameState;
  /**
   * One per change made (dropping an undone event also drops its undo: two), then one replace
   * per implied event moved with the turn.
   */
  amendments: Amendment[];
  /** 1-based positions (in `events`) of the implied events that moved with the turn. */
  moved: number[];
  /** "Events 24-31 now follow West: ..." ('' when none moved). */
  follows: string;
}

/**
 * Why the amendment was not kept. `change`: the change itself cannot be made (`index` into the
 * changes). `later`: a later event is no longer legal; `at` and `event` name it (in the log after
 * the changes), `undone` says it had been taken back; the caller offers: fix it too, or drop it.
 */
export type AmendRefusal =
  | { kind: 'change'; index: number; message: string }
  | { kind: 'later'; at: number; event: GameEvent; undone: boolean; reason: string; message: string; outOfTurn?: boolean };

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** For each position (0-based), the position of the undo that took it back, if one did. */
export const undoneBy = (log: readonly GameEvent[]): Map<number, number> => {
  const kept: number[] = [];
  const out = new Map<number, number>();
  log.forEach((e, i) => {
    if (e.type !== 'retract') return void kept.push(i);
    const top = kept.pop();
    if (top !== undefined) out.set(top, i);
  });
  return out;
};

/** Apply one change to a log, without the rules. Returns the new log and the audit entry, or why not. */
const applyChange = (log: GameEvent[], origin: number[], c: Change, when: string): Result<Amendment[], string> => {
  if (!Number.isInteger(c.at) || c.at < 1 || c.at > log.length)
    return err(
      log.length === 0
        ? 'There are no events to fix yet'
        : `There is no event ${c.at}: the game has ${log.length} event${log.length === 1 ? '' : 's'}`,
    );
  const i = c.at - 1;
  const target = log[i]!;
  if (target.type === 'retract') return err(`Event ${c.at} is an undo: fix the event it took back, or the one after it`);
  const undo = undoneBy(log).get(i);
  if (c.action === 'insert') {
    if (c.event.type === 'retract') return err('An undo cannot be put in: drop the event instead');
    const a: Amendment = { at: c.at, action: 'insert', event: c.event, length: log.length, when };
    log.splice(i, 0, c.event);
    origin.splice(i, 0, -1);
    return ok([a]);
  }
  if (c.action === 'replace') {
    if (undo !== undefined) return err(`Event ${c.at}, ${eventName(target)}, was taken back by event ${undo + 1}: there is nothing to fix`);
    if (c.event.type === 'retract') return err('An event cannot become an undo: drop it instead');
    const a: Amendment = { at: c.at, action: 'replace', event: c.event, was: target, length: log.length, when };
    log[i] = c.event;
    origin[i] = -1;
    return ok([a]);
  }
  const a: Amendment = { at: c.at, action: 'delete', was: target, length: log.length, when };
  log.splice(i, 1);
  origin.splice(i, 1);
  if (undo === undefined) return ok([a]);
  // An undone event goes with the undo that took it back (else that undo would take back another).
  const b: Amendment = { at: undo, action: 'delete', was: log[undo - 1]!, length: log.length, when };
  log.splice(undo - 1, 1);
  origin.splice(undo - 1, 1);
  return ok([a, b]);
};

/**
 * The log after `changes`, without judging it (what a page shows while a fix is being typed);
 * with `setup`, implied events moved with the turn as far as the game replays.
 */
export const applyChanges = (events: readonly GameEvent[], changes: readonly Change[], setup?: GameSetup): Result<GameEvent[], string> => {
  const log = events.slice();
  const origin = log.map((_, i) => i);
  for (const c of changes) {
    const r = applyChange(log, origin, c, '');
    if (!r.ok) return r;
  }
  return ok(setup ? followTurn(log, setup).events : log);
};

/**
 * Apply `changes` in order to a game's log, then replay it from the deal. Returns the new log,
 * its state and the audit entries, or the first problem: a change that cannot be made, a changed
 * event that is not legal where it now stands, or the first later event no longer legal.
 */
export const amendEvents = (
  events: readonly GameEvent[],
  setup: GameSetup,
  changes: readonly Change[],
  when: string,
  /** `keepTyped`: taking a fix back (src/core/fixUndo.ts): typed discards go back to how they stood, in turn or not. */
  opts: { keepTyped?: boolean } = {},
): Result<AmendedGame, AmendRefusal> => {
  if (changes.length === 0) return err({ kind: 'change', index: 0, message: 'Nothing to fix: say which event and what it should be' });
  const log = events.slice();
  const origin = log.map((_, i) => i);
  const amendments: Amendment[] = [];
  for (const [index, c] of changes.entries()) {
    const r = applyChange(log, origin, c, when);
    if (!r.ok) return err({ kind: 'change', index, message: r.error });
    amendments.push(...r.value);
  }
  const was = followTurn(events, setup);
  const now = followTurn(log, setup);
  if (now.state) {
    // A typed discard made in turn that the new turn leaves out of turn: named, as an illegal one is.
    const gone = undoneBy(now.events);
    const stray = opts.keepTyped
      ? -1
      : now.events.findIndex((e, i) => {
          const o = origin[i]!;
          return e.type === 'discard' && o >= 0 && !gone.has(i) && was.turns[o] === e.seat && now.turns[i] !== e.seat;
        });
    if (stray >= 0) {
      const event = now.events[stray]!;
      const turn = SEAT_NAMES[now.turns[stray]!];
      const reason = `it is now ${turn}'s turn, so ${eventName(event)} is out of turn`;
      const message = `Event ${stray + 1}, ${eventName(event)}, is out of turn after this fix: it is now ${turn}'s turn. Fix it too, or drop it`;
      return err({ kind: 'later', at: stray + 1, event, undone: false, reason, message, outOfTurn: true });
    }
    for (const i of now.moved)
      amendments.push({ at: i + 1, action: 'replace', event: now.events[i]!, was: log[i]!, length: log.length, when });
    const moved = now.moved.map((i) => i + 1);
    return ok({ events: now.events, state: now.state, amendments, moved, follows: followSentence(now.events, moved) });
  }
  const at = now.failed!.index + 1;
  const reason = now.failed!.error.message;
  const event = now.events[at - 1]!;
  if (origin[at - 1] === -1) {
    let index = 0;
    changes.forEach((c, k) => {
      if (c.action !== 'delete' && sameEvent(c.event, log[at - 1])) index = k;
    });
    return err({ kind: 'change', index, message: `${cap(eventName(event))} cannot be event ${at}: ${reason}` });
  }
  const undone = undoneBy(now.events).has(at - 1);
  const message = `Event ${at}, ${eventName(event)}${undone ? ' (taken back)' : ''}, is no longer legal after this fix. ${reason.replace(/\.$/, '')}. Fix it too, or drop it`;
  return err({ kind: 'later', at, event, undone, reason, message });
};

/** Key order aside, the same event (what the audit trail compares). */
export const sameEvent = (a: GameEvent | undefined, b: GameEvent | undefined): boolean => canonical(a) === canonical(b);
const canonical = (x: unknown): string =>
  JSON.stringify(x, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, y]) => y !== undefined)
            .sort(([p], [q]) => (p < q ? -1 : 1)),
        )
      : v,
  ) ?? 'undefined';

/**
 * Walk an audit trail back from the log as it stands: each amendment, last first, must find what
 * it says it made at its place, and puts back what stood there. Returns the log as it stood before
 * the first amendment (the events typed after it are not part of that), or the first amendment
 * (0-based) that does not match, with a sentence.
 */
export const unwindAmendments = (
  events: readonly GameEvent[],
  amendments: readonly Amendment[],
): Result<GameEvent[], { index: number; message: string }> => {
  let log = events.slice();
  for (let k = amendments.length - 1; k >= 0; k--) {
    const a = amendments[k]!;
    const grew = a.action === 'insert' ? 1 : a.action === 'delete' ? -1 : 0;
    const after = a.length + grew;
    const bad = (why: string) => err({ index: k, message: `amendment ${k + 1} (event ${a.at}) does not match the events: ${why}` });
    if (after > log.length || a.at < 1 || a.at > a.length) return bad('the game is shorter than it says');
    log = log.slice(0, after);
    const i = a.at - 1;
    if (a.action === 'delete') {
      if (!a.was) return bad('a dropped event needs "was"');
      log.splice(i, 0, a.was);
      continue;
    }
    if (!sameEvent(log[i], a.event)) return bad(`event ${a.at} is not what it says it became`);
    if (a.action === 'insert') log.splice(i, 1);
    else {
      if (!a.was) return bad('a replaced event needs "was"');
      log[i] = a.was;
    }
  }
  return ok(log);
};

/**
 * An event of a stored log that today's rules refuse (a game kept by an earlier version of the
 * app, whose rulings were looser): the game stands just before it, and it and every event after
 * it stay in the log, untouched, until the player fixes or drops it. `kept`: events that stand
 * before it. `message`: the sentence the table shows (no final full stop).
 */
export interface HeldEvent {
  at: number;
  event: GameEvent;
  kept: number;
  reason: string;
  message: string;
}

/** A stored log replayed as far as today's rules allow: the state, and the first refused event if any. */
export const replayHolding = (events: readonly GameEvent[], setup: GameSetup): { state: GameState; held?: HeldEvent } => {
  const played = replayGame(events, setup);
  if (played.ok) return { state: played.value };
  const at = played.error.index + 1;
  // Replay is a fold: the events before the first refused one replay as they did.
  const before = replayGame(events.slice(0, at - 1), setup);
  if (!before.ok) throw new Error(`a log whose first ${at - 1} events replay cannot fail at event ${before.error.index + 1}`);
  const event = events[at - 1]!;
  const reason = played.error.error.message.replace(/\.$/, '');
  const name = `Event ${at}, ${eventName(event)}`;
  const span = at === events.length ? `event ${at} is` : `events ${at} to ${events.length} are`;
  const message = `${name}, is no longer allowed: ${reason}. The game stands just before it; ${span} kept as stored until you fix it (fix ${at} and what it was) or drop it (fix ${at} drop)`;
  return { state: before.value, held: { at, event, kept: at - 1, reason, message } };
};

/** What the table says when something is typed while an event is held. */
export const heldRefusal = (h: HeldEvent): string =>
  `Event ${h.at}, ${eventName(h.event)}, is no longer allowed: fix it first (fix ${h.at} and what it was, or fix ${h.at} drop)`;
