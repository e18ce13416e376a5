import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { apply, newGame, type GameState } from '../../src/core/game';
import { OFFICIAL_RULES } from '../../src/core/rules';
import { parseCommand } from '../../src/renderer/screens/Table/command';

// `bp`: a discard (or joker exchange) made before picking (RULES §4.6) has its own key; the
// event it records is then judged by the real engine.
const play = (...events: GameEvent[]): GameState => {
  let s = newGame({ players: 4, rules: OFFICIAL_RULES, bettor: false });
  for (const e of events) {
    const r = apply(s, e);
    if (!r.ok) throw new Error(`fixture refused ${JSON.stringify(e)}: ${r.error.message}`);
    s = r.value;
  }
  return s;
};
const afterDiscard = play({ type: 'discard', seat: 'E', tile: '5D' });

describe('bp: a discard before picking', () => {
  test('bp 5b records the player in turn’s discard with beforePick, and the engine closes it to calls', () => {
    const c = parseCommand('bp 5b', afterDiscard, { S: 'Bea' });
    expect(c).toEqual({
      kind: 'event',
      event: { type: 'discard', seat: 'S', tile: '5B', implied: true, beforePick: true },
      preview: 'Discard Five Bam by South (Bea), before picking: nobody may call it',
    });
    if (c.kind !== 'event') return;
    const r = apply(afterDiscard, c.event);
    expect(r.ok && r.value.live).toMatchObject({ tile: '5B', beforePick: true, claimable: false });
    expect(r.ok && r.value.wallRemaining).toBe(99);
  });

  test('bp combines with a misnamed or hot tile, and with a joker exchange', () => {
    expect(parseCommand('bp 5b=n!', afterDiscard, {})).toMatchObject({
      kind: 'event',
      event: { type: 'discard', seat: 'S', tile: '5B', named: 'N', hot: true, beforePick: true },
    });
    expect(parseCommand('BP x w 5b', afterDiscard, {})).toMatchObject({
      kind: 'event',
      event: { type: 'jokerExchange', seat: 'S', from: 'W', tile: '5B', beforePick: true },
      preview: /before picking: her hand is dead$/,
    });
  });

  test('bp refuses what is not the player in turn’s discard or exchange', () => {
    expect(parseCommand('bp', afterDiscard, {})).toEqual({
      kind: 'problem',
      message: 'bp: then the tile she discarded before picking (bp 5b), or her joker exchange (bp x w 5b)',
    });
    expect(parseCommand('bp w 5b', afterDiscard, {})).toEqual({
      kind: 'problem',
      message: 'bp is for the player in turn (South): a discard (bp 5b) or a joker exchange (bp x w 5b) made before her pick',
    });
    expect(parseCommand('bp k', afterDiscard, {})).toMatchObject({ kind: 'problem', message: /^bp is for the player in turn/ });
    expect(parseCommand('bp 5q', afterDiscard, {})).toEqual({
      kind: 'problem',
      message: 'bp: “5q” is not a tile (5b, 3c, 9d, n, e, w, s, r, g, 0, f, j)',
    });
  });
});
