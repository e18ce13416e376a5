import { groupName } from './claims';
import type { GameEvent } from './events';
import { SEAT_NAMES } from './seats';
import { tileName } from './tiles';

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
      return `a ${groupName(e.exposure.length)} of ${tileName(e.exposure.find((t) => t !== 'J') ?? 'J')} called by ${n[e.seat]}${e.exposure.includes('J') ? ` (${e.exposure.filter((t) => t === 'J').length} joker${e.exposure.filter((t) => t === 'J').length === 1 ? '' : 's'})` : ''}`;
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
      return `the bet on ${n[e.on]}`;
    case 'wrongWall':
      return `the wrong wall pushed out by ${n[e.seat]}`;
    case 'retract':
      return 'an undo';
  }
};

/** "Fixed: event 41, Seven Bam by South is now Seven Dot by South". One sentence per amendment. */
export const describeAmendment = (a: { at: number; action: 'replace' | 'delete' | 'insert'; event?: GameEvent; was?: GameEvent }): string => {
  if (a.action === 'replace') return `Fixed: event ${a.at}, ${eventName(a.was!)} is now ${eventName(a.event!)}`;
  if (a.action === 'delete') return `Fixed: event ${a.at}, ${eventName(a.was!)}, is dropped`;
  return `Fixed: ${eventName(a.event!)} put in as event ${a.at}`;
};
