import type { GameEvent } from '../../../core/events';
import type { GameState } from '../../../core/game';
import { SEAT_NAMES } from '../../../core/seats';
import { tileName } from '../../../core/tiles';
import { describe } from '../../lib/state/game.svelte';

/** What Enter stored, as the echo beside the command line says it. */
export interface Stored {
  /** "Five Bam, East" or "West’s call of 3 tiles". */
  text: string;
  /** "14:02:10", the player's clock. */
  time: string;
  /** A discard by a player whose turn it was not. */
  outOfTurn: boolean;
}

/** The echo of an event just recorded, read against the state it made. */
export const echoOf = (e: GameEvent, after: GameState | null, now: Date = new Date()): Stored => {
  const time = now.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  if (e.type === 'discard') {
    const live = after?.live;
    const outOfTurn = live?.eventIndex === (after?.log.length ?? 0) - 1 ? live.outOfTurn : false;
    return { text: `${tileName(e.tile)}, ${SEAT_NAMES[e.seat]}`, time, outOfTurn };
  }
  const d = describe(e);
  return { text: d.charAt(0).toUpperCase() + d.slice(1), time, outOfTurn: false };
};

/** The last `n` events of the log, newest first, as sentences ("Undo", "East’s discard of Five Bam"). */
export const recentEvents = (log: readonly GameEvent[], n = 3): string[] =>
  log
    .slice(-n)
    .reverse()
    .map((e) => {
      const d = describe(e);
      return d.charAt(0).toUpperCase() + d.slice(1);
    });
