import { eventSentence as sentence } from '../../../core/eventName';
import type { GameEvent } from '../../../core/events';
import type { GameState } from '../../../core/game';
import { SEAT_NAMES } from '../../../core/seats';
import { tileName } from '../../../core/tiles';

/** What Enter stored, as the echo beside the command line says it. */
export interface Stored {
  /** "Five Bam, East" or "West’s call of 3 tiles". */
  text: string;
  /** "14:02:10", the player's clock. */
  time: string;
  /** A discard by a player whose turn it was not. */
  outOfTurn: boolean;
  /** A fix of earlier events (`u` does not take it back: the echo does not offer it). */
  fix?: boolean;
}

// The player's clock as 14:02:10, written out: Intl's formatter took about 70 µs of each Enter's redraw.
const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const clock = (d: Date): string => `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;

/** The echo of an event just recorded, read against the state it made. */
export const echoOf = (e: GameEvent, after: GameState | null, now: Date = new Date()): Stored => {
  const time = clock(now);
  if (e.type === 'discard') {
    const live = after?.live;
    const outOfTurn = live?.eventIndex === (after?.log.length ?? 0) - 1 ? live.outOfTurn : false;
    return { text: `${tileName(e.tile)}, ${SEAT_NAMES[e.seat]}`, time, outOfTurn };
  }
  return { text: sentence(e), time, outOfTurn: false };
};

/** One line of the recent list: the event's number in the game, its sentence, and whether an undo took it back. */
export interface RecentRow {
  n: number;
  text: string;
  undone: boolean;
}

/**
 * The last `n` events that stand, newest first, each with its number (what `fix` takes). Undos
 * are not listed as events: when the latest entry is an undo, the event it took back leads the
 * list labelled undone (struck), never as if it stood.
 */
export const recentEvents = (log: readonly GameEvent[], n = 3): RecentRow[] => {
  const rows: RecentRow[] = [];
  const last = log.length - 1;
  const ledByUndo = log[last]?.type === 'retract';
  // Walked back from the end only as far as the rows need (not the whole game): an undo takes back
  // the nearest event before it that no later undo took back, so `owed` counts the undos passed
  // and not yet matched to their event.
  let owed = 0;
  for (let i = last, k = 0; i >= 0 && k < n; i--) {
    const e = log[i]!;
    if (e.type === 'retract') {
      owed++;
      continue;
    }
    if (owed > 0) {
      owed--;
      // The first event matched with nothing owed after it is the one the latest entry (an undo) took back.
      if (ledByUndo && owed === 0 && rows.length === 0) rows.push({ n: i + 1, text: sentence(e), undone: true });
      continue;
    }
    rows.push({ n: i + 1, text: sentence(e), undone: false });
    k++;
  }
  return rows;
};
