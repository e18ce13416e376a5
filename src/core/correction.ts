import { sameEvent, unwindAmendments, type Amendment, type Change } from './amend';
import type { GameEvent } from './events';
import type { Seat } from './seats';
import { replayGame, type GameSetup } from './game';
import type { GameState } from './state';

/**
 * Correcting a confirmed game's ending after later games were played (its winner, how it was
 * won, the value, jokerless, the bettor's bet, dead hands, a wall game). A correction is an
 * amendment of that game's log (src/core/amend.ts), never a second mechanism: this module only
 * says which events are the ending and which changes turn the ending as stored into the one
 * the host typed. The store then keeps the amended log and the amendments (what stood, what it
 * became, when), and everything after it (ledger, pie, standings, settlement) is replayed from
 * the record. The next seating never depends on a result (RULES §10: the dice move after every
 * game, wall games too; with five players the outgoing East sits out whoever won), so a
 * correction never moves anyone.
 */

/** Events a game's ending is made of: errors (in the order they happened) and the ending itself. */
const ENDING_TYPES = new Set<GameEvent['type']>(['wrongWall', 'dead', 'mahjongInError', 'mahjong', 'wallGame']);

/**
 * A game's ending as stored: the bet (the first event, when there is one) and the trailing run
 * of errors and ending. In a quick-scored game that is every event; in a game played at the
 * table it is what was typed as it ended (the discards and calls before stay as they are).
 */
export interface StoredEnding {
  bet: GameEvent | null;
  /** 0-based position of the first event of the trailing run. */
  start: number;
  ending: GameEvent[];
}

export const endingOf = (events: readonly GameEvent[]): StoredEnding => {
  const bet = events[0]?.type === 'bet' ? events[0] : null;
  let start = events.length;
  while (start > (bet ? 1 : 0) && ENDING_TYPES.has(events[start - 1]!.type)) start--;
  return { bet, start, ending: events.slice(start) };
};

/** How the winner got the winning tile, as the engine judged it: her own pick, or whose discard. */
export type WinSource = { selfPick: true } | { from: Seat };

export const winSourceOf = (s: GameState): WinSource | null =>
  s.status !== 'mahjong' || !s.win ? null : s.win.selfPick ? { selfPick: true } : s.win.discarder ? { from: s.win.discarder } : null;

const saysSource = (e: GameEvent): boolean => e.type === 'mahjong' && (e.from !== undefined || e.selfPick === true);

/**
 * An ending with how the winner got her tile said. At the table a mah jongg after her call on a
 * discard, or after her own pick, leaves that to the log (the event has neither `from` nor
 * `selfPick`); the correction form and the audit line must say it, or a value corrected there
 * would turn a win on a discard into a self-pick.
 */
export const withWinSource = (ending: readonly GameEvent[], source: WinSource | null): GameEvent[] => {
  const end = ending.at(-1);
  if (end?.type !== 'mahjong' || saysSource(end) || !source) return [...ending];
  return [...ending.slice(0, -1), 'from' in source ? { ...end, from: source.from } : { ...end, selfPick: true }];
};

/** The reverse for the log: a source the log already implies goes unsaid again, so correcting the value changes only the value. */
const asImplied = (fresh: GameEvent, old: GameEvent | undefined, source: WinSource | null): GameEvent => {
  if (fresh.type !== 'mahjong' || old?.type !== 'mahjong' || saysSource(old) || !source || fresh.seat !== old.seat) return fresh;
  const same =
    'from' in source ? fresh.from === source.from && fresh.selfPick !== true : fresh.selfPick === true && fresh.from === undefined;
  if (!same) return fresh;
  const { from: _f, selfPick: _s, ...rest } = fresh;
  return rest;
};

/**
 * What the form cannot say is kept: a mah jongg by the same seat keeps its category, special
 * hand and concealed flag; a dead hand of the same seat keeps its cause, challenger and ruling.
 */
const keepDetail = (old: readonly GameEvent[], e: GameEvent): GameEvent => {
  if (e.type === 'mahjong') {
    const was = old.find((o) => o.type === 'mahjong' && o.seat === e.seat);
    if (was?.type !== 'mahjong') return e;
    const out = { ...e };
    if (was.category !== undefined) out.category = was.category;
    if (was.special !== undefined) out.special = was.special;
    if (was.concealed !== undefined) out.concealed = was.concealed;
    return out;
  }
  if (e.type === 'dead' && e.cause === undefined) {
    const was = old.find((o) => o.type === 'dead' && o.seat === e.seat && o.cause !== 'broke-wall');
    return was ?? e;
  }
  if (e.type === 'mahjongInError') {
    const was = old.find((o) => o.type === 'mahjongInError' && o.seat === e.seat);
    if (was?.type === 'mahjongInError' && was.survivorValue !== undefined && e.survivorValue === undefined)
      return { ...e, survivorValue: was.survivorValue };
  }
  return e;
};

/**
 * The amendment changes that turn a game's stored ending into `typed` (the bet first when there
 * is one, then errors in order, then the ending: what the quick-score form sends). Positions are
 * 1-based and each is in the log as the changes before it left it (amendEvents' convention):
 * the ending is changed first (it is last in the log), then the bet (event 1). An unchanged
 * event is left alone, so correcting only the value is one replacement.
 */
export const correctionChanges = (events: readonly GameEvent[], typed: readonly GameEvent[], source: WinSource | null = null): Change[] => {
  const stored = endingOf(events);
  const bet = typed[0]?.type === 'bet' ? typed[0] : null;
  const fresh = typed.slice(bet ? 1 : 0).map((e) => keepDetail(stored.ending, e));
  // The claim before the ending follows the ending as typed (its source said); the log keeps it unsaid where implied.
  const typedEnd = fresh.at(-1);
  if (typedEnd) fresh[fresh.length - 1] = asImplied(typedEnd, stored.ending.at(-1), source);
  const old = stored.ending;
  const changes: Change[] = [];
  const at = stored.start + 1;
  // Insert-before cannot add after the last event: extra events go in before the stored run,
  // and the run's own places are replaced from the end, where the ending itself sits.
  const extra = Math.max(0, fresh.length - old.length);
  fresh.slice(0, extra).forEach((e, i) => changes.push({ at: at + i, action: 'insert', event: e }));
  const rest = fresh.slice(extra);
  rest.forEach((e, i) => {
    if (!sameEvent(old[i], e)) changes.push({ at: at + extra + i, action: 'replace', event: e });
  });
  for (let i = rest.length; i < old.length; i++) changes.push({ at: at + extra + rest.length, action: 'delete' });
  const claim = claimChange(events, stored, typedEnd);
  if (claim) changes.push(claim);
  if (stored.bet && !bet) changes.push({ at: 1, action: 'delete' });
  else if (stored.bet && bet && !sameEvent(stored.bet, bet)) changes.push({ at: 1, action: 'replace', event: bet });
  else if (!stored.bet && bet) changes.push({ at: 1, action: 'insert', event: bet });
  return changes;
};

const endingEvents = (log: readonly GameEvent[]): GameEvent[] => {
  const e = endingOf(log);
  return e.bet ? [e.bet, ...e.ending] : e.ending;
};

/**
 * In a game played at the table the winner's claim comes just before the ending: her call for
 * mah jongg on the discard, or her pick for a self-pick. A corrected winner or way of winning
 * moves it with the ending (the call becomes hers, or her pick, or the reverse); a game that
 * turns out a wall game or dead hands drops a call for mah jongg. The engine judges the result.
 */
const claimChange = (events: readonly GameEvent[], stored: StoredEnding, end: GameEvent | undefined): Change | null => {
  const at = stored.start; // 1-based place of the event just before the ending
  const claim = events[at - 1];
  const was = stored.ending.at(-1);
  if (!claim || at < 1 || was?.type !== 'mahjong') return null;
  const called = claim.type === 'call' && 'mahjong' in claim && claim.seat === was.seat;
  const picked = claim.type === 'pick' && claim.seat === was.seat && (was.selfPick === true || was.from === undefined);
  if (!called && !picked) return null;
  if (end?.type !== 'mahjong') return called ? { at, action: 'delete' } : null;
  const self = end.selfPick === true || end.from === undefined;
  const next: GameEvent = self ? { type: 'pick', seat: end.seat } : { type: 'call', seat: end.seat, mahjong: true };
  return sameEvent(claim, next) || (called && !self && claim.seat === end.seat) ? null : { at, action: 'replace', event: next };
};

/** One correction of a confirmed game: the amendments made at once, after the game had ended. */
export interface Correction {
  /** The game's number in the session (1-based). */
  game: number;
  /** ISO time of the correction. */
  when: string;
  amendments: Amendment[];
  /** The ending before and after (the bet, then errors and ending: endingOf), for the audit line. */
  was: GameEvent[];
  became: GameEvent[];
}

export interface GameTrail {
  number: number;
  events: readonly GameEvent[];
  amendments: readonly Amendment[];
  setup: GameSetup;
}

/**
 * The corrections of confirmed games in a session, oldest first: each game's amendments grouped
 * by the moment they were made, walked back from the log as it stands (unwindAmendments), and
 * counted when the game had already ended before them. A fix of the game still being played is
 * not a correction of the settlement. An audit trail that does not walk back is left out (the
 * record reader and the store refuse such a trail before it gets here).
 */
export const correctionsOf = (games: readonly GameTrail[]): Correction[] => {
  const out: Correction[] = [];
  for (const g of games) {
    const batches: Amendment[][] = [];
    for (const a of g.amendments) {
      const last = batches.at(-1);
      if (last && last[0]!.when === a.when) last.push(a);
      else batches.push([a]);
    }
    let log: GameEvent[] = g.events.slice();
    const mine: Correction[] = [];
    for (let k = batches.length - 1; k >= 0; k--) {
      const back = unwindAmendments(log, batches[k]!);
      if (!back.ok) break;
      const after = log;
      log = back.value;
      const before = replayGame(log, g.setup);
      if (before.ok && before.value.status !== 'in-progress') {
        const now = replayGame(after, g.setup);
        const was = withWinSource(endingEvents(log), winSourceOf(before.value));
        const became = withWinSource(endingEvents(after), now.ok ? winSourceOf(now.value) : null);
        mine.unshift({ game: g.number, when: batches[k]![0]!.when, amendments: batches[k]!, was, became });
      }
    }
    out.push(...mine);
  }
  return out.sort((a, b) => (a.when < b.when ? -1 : a.when > b.when ? 1 : a.game - b.game));
};

/**
 * The settlement's revision: 1 as first scored, plus one per correction of a confirmed game, and
 * the latest correction (which game, when). A printout with an older number is stale.
 */
export interface Revision {
  number: number;
  last: { game: number; when: string } | null;
}

export const revisionOf = (corrections: readonly Correction[]): Revision => {
  const last = corrections.at(-1);
  return { number: 1 + corrections.length, last: last ? { game: last.game, when: last.when } : null };
};

/**
 * An ending in the players' words, for the corrections list: "Ann won 35 jokerless on Cy’s
 * discard; bet on Bea; dead: Dot". `seating` names the seats of that game; `bettor` sits out.
 */
export const endingSentence = (events: readonly GameEvent[], seating: Partial<Record<Seat, string>>): string => {
  const name = (x: Seat) => seating[x] ?? x;
  const parts: string[] = [];
  const end = events.at(-1);
  const dead = events
    .filter((e) => e.type === 'dead' || (e.type === 'mahjongInError' && e.exposed))
    .map((e) => name((e as { seat: Seat }).seat));
  const erred = events
    .filter((e) => e.type === 'mahjongInError')
    .map(
      (e) =>
        `${name((e as { seat: Seat }).seat)} called mah jongg in error${(e as { value?: number }).value ? ` (${(e as { value?: number }).value})` : ''}`,
    );
  if (end?.type === 'mahjong') {
    const how = end.selfPick || end.from === undefined ? 'self-picked' : `on ${name(end.from)}’s discard`;
    parts.push(`${name(end.seat)} won ${end.value}${end.jokerless ? ' jokerless' : ''}, ${how}`);
  } else if (end?.type === 'wallGame') parts.push('wall game');
  else parts.push('ended by dead hands');
  parts.push(...erred);
  const uniqueDead = [...new Set(dead)];
  if (uniqueDead.length) parts.push(`dead: ${uniqueDead.join(', ')}`);
  const wrong = events.find((e) => e.type === 'wrongWall');
  if (wrong?.type === 'wrongWall') parts.push(`${name(wrong.seat)} pushed out the wrong wall`);
  const bet = events.find((e) => e.type === 'bet');
  if (bet?.type === 'bet') parts.push(`bet on ${bet.on === 'wall' ? 'a wall game' : name(bet.on)}`);
  return parts.join('; ');
};
