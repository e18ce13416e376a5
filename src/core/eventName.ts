import { groupName } from './claims';
import type { GameEvent } from './events';
import { SEAT_NAMES } from './seats';
import { tileName, type Tile } from './tiles';

/**
 * The one home of an event in words, in two grammars: `eventSentence` says what happened, seat
 * first ("West called a pung of Five Bam": the table's echo and its recent list), and `eventName`
 * names it, seat last ("a pung of Five Bam called by West": the undo line, the review step and
 * every "Fixed: ..." sentence).
 */

/** "a pung of Five Bam": a call's group and its tile (a joker stands for the others). */
const callName = (exposure: readonly Tile[]): string =>
  `a ${groupName(exposure.length)} of ${tileName(exposure.find((t) => t !== 'J') ?? 'J')}`;

/** "disputed, she plays on", "upheld", "wrong": where a challenge of a dead hand stands. */
const challengeOutcome = (e: Extract<GameEvent, { type: 'dead' }>): string =>
  e.disputed ? 'disputed, she plays on' : e.upheld ? 'upheld' : 'wrong';

/** An event as the table's echo says it, seat first ("West called a pung of Five Bam"). */
export const eventSentence = (e: GameEvent): string => {
  const n = SEAT_NAMES;
  switch (e.type) {
    case 'discard':
      return `${n[e.seat]}’s discard of ${tileName(e.tile)}`;
    case 'pick':
      return `${n[e.seat]} picked`;
    case 'rack':
      return `${n[e.seat]} racked`;
    case 'call':
      if ('mahjong' in e) return `${n[e.seat]} called for mah jongg`;
      return `${n[e.seat]} called ${callName(e.exposure)}${e.together ? ' (together)' : ''}`;
    case 'jokerExchange':
      return `${n[e.seat]} gave ${tileName(e.tile)} for ${n[e.from]}’s joker`;
    case 'dead':
      if (e.by && (e.disputed || e.upheld !== undefined)) return `${n[e.by]} challenged ${n[e.seat]}’s hand (${challengeOutcome(e)})`;
      return `${n[e.seat]}’s hand is dead${e.by ? ` (called by ${n[e.by]})` : ''}`;
    case 'mahjong':
      return `${n[e.seat]}’s mah jongg (${e.value})`;
    case 'mahjongInError':
      return `${n[e.seat]}’s mah jongg in error`;
    case 'wallGame':
      return 'Wall game';
    case 'bet':
      return e.on === 'wall' ? 'The bettor bets on a wall game' : `The bettor backs ${n[e.on]}`;
    case 'wrongWall':
      return `${n[e.seat]} pushed out the wrong wall`;
    case 'retract':
      return 'Undo';
  }
};

/**
 * An event named the way a fix reads it back ("Seven Bam by South", "a pung of Seven Bam called
 * by West"): short, seat named last, so "event 41, Seven Bam by South is now Seven Dot by South"
 * says what changed.
 */
export const eventName = (e: GameEvent): string => {
  const n = SEAT_NAMES;
  switch (e.type) {
    case 'discard':
      return `${tileName(e.tile)}${e.named && e.named !== e.tile ? ` (named ${tileName(e.named)})` : ''} by ${n[e.seat]}${e.beforePick ? ' before her pick' : ''}`;
    case 'pick':
      return `a pick by ${n[e.seat]}`;
    case 'rack':
      return `a ${e.tap ? 'tap' : 'rack'} by ${n[e.seat]}`;
    case 'call':
      if ('mahjong' in e) return `a call for mah jongg by ${n[e.seat]}`;
      return `${callName(e.exposure)} called by ${n[e.seat]}${e.exposure.includes('J') ? ` (${e.exposure.filter((t) => t === 'J').length} joker${e.exposure.filter((t) => t === 'J').length === 1 ? '' : 's'})` : ''}`;
    case 'jokerExchange':
      return `${tileName(e.tile)} by ${n[e.seat]} for ${n[e.from]}’s joker`;
    case 'dead':
      if (e.by && (e.disputed || e.upheld !== undefined)) return `${n[e.by]}’s challenge of ${n[e.seat]}’s hand`;
      return `${n[e.seat]}’s dead hand`;
    case 'mahjong':
      return `mah jongg by ${n[e.seat]} (${e.value}${e.jokerless ? ', jokerless' : ''})`;
    case 'mahjongInError':
      return `a mah jongg in error by ${n[e.seat]}`;
    case 'wallGame':
      return 'the wall game';
    case 'bet':
      return `the bet on ${e.on === 'wall' ? 'a wall game' : n[e.on]}`;
    case 'wrongWall':
      return `the wrong wall pushed out by ${n[e.seat]}`;
    case 'retract':
      return 'an undo';
  }
};

/** "Fixed: event 41, Seven Bam by South is now Seven Dot by South". One sentence per amendment. */
export const describeAmendment = (a: {
  at: number;
  action: 'replace' | 'delete' | 'insert';
  event?: GameEvent;
  was?: GameEvent;
}): string => {
  if (a.action === 'replace') return `Fixed: event ${a.at}, ${eventName(a.was!)} is now ${eventName(a.event!)}`;
  if (a.action === 'delete') return `Fixed: event ${a.at}, ${eventName(a.was!)}, is dropped`;
  return `Fixed: ${eventName(a.event!)} put in as event ${a.at}`;
};
