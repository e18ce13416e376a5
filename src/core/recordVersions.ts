import type { GameEvent } from './events';
import { apply, newGame, type GameSetup, type GameState } from './game';
import { gameSetupOf } from './gameSetup';
import type { TableRecord } from './tableRecord';

/**
 * How files of earlier versions read (docs/table-record.md, Versions). Version 1 files read with
 * today's meaning; where the app that wrote them read a game differently, a note says so (never an
 * error: the new reading is what such files almost always meant).
 *
 * Version 1, picks: once a game held one recorded `pick`, the old app took every later discard,
 * rack, joker exchange or self-picked mah jongg by the player in turn without her own `pick` as
 * made before picking (a discard nobody could call that took nothing from the wall; a rack or a
 * self-pick refused; an exchange that killed the hand). Now each counts her pick.
 */

/** A game whose events an earlier version read differently. `events` are 1-based positions. */
export interface ReadingNote {
  game: number;
  events: number[];
  message: string;
}

/** Whether `e`, on state `s`, is a turn the player in turn took without a recorded pick. */
const unpickedTurn = (s: GameState, e: GameEvent): boolean => {
  if (s.status !== 'in-progress' || !('seat' in e) || e.seat !== s.turn || s.picked || !s.opened) return false;
  switch (e.type) {
    case 'discard':
    case 'jokerExchange':
      return e.beforePick !== true;
    case 'rack':
      return true;
    case 'mahjong':
      return e.selfPick === true;
    default:
      return false;
  }
};

/** 1-based positions of the events of one version 1 game read differently now, and the first pick. */
export const oldPickReading = (events: readonly GameEvent[], setup: GameSetup): { firstPick: number; events: number[] } | null => {
  // One entry per event still in effect (a retract takes back the latest, as in the reducer).
  const kept: { index: number; firstPick: number; differs: boolean }[] = [];
  let s = newGame(setup);
  for (const [i, e] of events.entries()) {
    const firstPick = kept.at(-1)?.firstPick ?? -1;
    const differs = firstPick >= 0 && unpickedTurn(s, e);
    const r = apply(s, e);
    if (!r.ok) break; // the replay itself reports the refusal
    s = r.value;
    if (e.type === 'retract') kept.pop();
    else kept.push({ index: i, firstPick: firstPick >= 0 ? firstPick : e.type === 'pick' ? i + 1 : -1, differs });
  }
  const differing = kept.filter((k) => k.differs);
  return differing.length > 0 ? { firstPick: differing[0]!.firstPick, events: differing.map((k) => k.index + 1) } : null;
};

const list = (xs: readonly number[]): string =>
  xs.length === 1 ? `event ${xs[0]}` : `events ${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;

/** The notes for a record read from an earlier version (none for a current one). */
export const readingNotes = (record: TableRecord): ReadingNote[] => {
  if (record.version !== 1) return [];
  const notes: ReadingNote[] = [];
  record.games.forEach((g, i) => {
    const setup = gameSetupOf({ seating: g.seating ?? record.seating, bettor: record.bettor, dice: g.dice }, record.rules);
    const found = oldPickReading(g.events, setup);
    if (!found) return;
    const discardsOnly = found.events.every((n) => g.events[n - 1]!.type === 'discard');
    const what = discardsOnly
      ? `${found.events.length === 1 ? 'a discard' : 'discards'} without a recorded pick after the pick at event ${found.firstPick}) now count a pick and can be called; the app that wrote this file read ${found.events.length === 1 ? 'it' : 'them'} as made before picking (nobody could call ${found.events.length === 1 ? 'it' : 'them'} and the wall did not go down`
      : `turns taken without a recorded pick after the pick at event ${found.firstPick}) now count a pick; the app that wrote this file read them as made before picking (a discard nobody could call, a rack or a self-picked mah jongg refused, a joker exchange that killed the hand`;
    notes.push({
      game: i + 1,
      events: found.events,
      message: `game ${i + 1}: this version 1 record is read with picks optional event by event: ${list(found.events)} (${what})`,
    });
  });
  return notes;
};
