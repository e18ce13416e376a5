import { describe, expect, test } from 'vitest';
import { RuleCode } from '../../src/core/errors';
import type { GameEvent } from '../../src/core/events';
import { apply, replayGame } from '../../src/core/game';
import type { Seat } from '../../src/core/seats';
import type { Tile } from '../../src/core/tiles';
import { D, JX, P, R, WIN, X, play, refused, setupOf } from './game-helpers';

// Issue 13, bug A: "one p changes every later discard". A pick is optional event by event:
// a discard, rack, joker exchange or self-picked mah jongg by the player in turn who has not
// picked counts her pick. A discard before picking (RULES §4.6) is recorded with its own flag.
const early = (seat: Seat, tile: Tile): GameEvent => ({ type: 'discard', seat, tile, beforePick: true });

describe('picks are optional event by event', () => {
  const game = [D('E', '1B'), D('S', '2B'), D('W', '3B'), P('N'), D('N', '4B'), D('E', '5B'), D('S', '6B'), D('W', '7B')];

  test('the issue reproduction: after one pick, a call by South on West’s discard is accepted', () => {
    const s = play([...game, X('S', ['7B', '7B', '7B'])]);
    expect(s.lastCall).toMatchObject({ winner: 'S', discarder: 'W', tile: '7B' });
    expect(s.exposures.S[0]).toMatchObject({ tile: '7B', claimedFrom: 'W' });
  });

  test('later plain discards keep their window open and are not “before picking”', () => {
    const s = play(game);
    expect(s.live).toMatchObject({ tile: '7B', seat: 'W', window: 'open', claimable: true, beforePick: false });
  });

  test('the wall count goes down by one for every turn, picked or implied', () => {
    let s = play([]);
    const counts: number[] = [];
    for (const e of game) {
      const r = apply(s, e);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      s = r.value;
      counts.push(s.wallRemaining);
    }
    // E opens without picking (dealt 14); S, W implied; N explicit then her discard; E, S, W implied.
    expect(counts).toEqual([99, 98, 97, 96, 96, 95, 94, 93]);
  });

  test('the same game with every pick explicit gives the same state after every discard', () => {
    const explicit = [
      D('E', '1B'),
      P('S'),
      D('S', '2B'),
      P('W'),
      D('W', '3B'),
      P('N'),
      D('N', '4B'),
      P('E'),
      D('E', '5B'),
      P('S'),
      D('S', '6B'),
      P('W'),
      D('W', '7B'),
    ];
    const a = play(game);
    const b = play(explicit);
    expect(b.wallRemaining).toBe(a.wallRemaining);
    expect(b.live).toMatchObject({ tile: a.live!.tile, window: a.live!.window, claimable: true });
    expect(b.turn).toBe(a.turn);
  });

  test('rack, joker exchange and a self-picked mah jongg still imply the pick after an explicit one', () => {
    const racked = play([D('E', '1B'), P('S'), D('S', '2B'), R('W')]);
    expect(racked).toMatchObject({ wallRemaining: 97, picked: true });
    expect(racked.live).toMatchObject({ window: 'closed', closedBy: 'West racked' });
    const exchange = play([D('E', '3C'), P('S'), X('W', ['3C', '3C', 'J']), D('W', '5D'), P('N'), D('N', '2D'), JX('E', 'W', '3C')]);
    expect(exchange.dead.E).toBeNull();
    expect(exchange.exposures.W[0]!.tiles).toEqual(['3C', '3C', '3C']);
    const won = play([D('E', '1B'), P('S'), D('S', '2B'), WIN('W', 25, { selfPick: true })]);
    expect(won.win).toMatchObject({ winner: 'W', selfPick: true });
    expect(won.wallRemaining).toBe(97);
  });
});

describe('a discard before picking is recorded explicitly (RULES §4.6)', () => {
  test('beforePick: nobody may call it, and the wall count does not move', () => {
    const ev = [D('E', '5D'), D('S', '1B'), early('W', '7B')];
    const s = play(ev);
    expect(s.live).toMatchObject({
      tile: '7B',
      beforePick: true,
      claimable: false,
      window: 'closed',
      closedBy: 'West discarded before picking',
    });
    expect(s.wallRemaining).toBe(98);
    expect(s.turn).toBe('N');
    expect(refused([...ev, X('N', ['7B', '7B', '7B'])], RuleCode.BeforePick)).toBe(
      'West discarded the Seven Bam before picking: nobody may call it',
    );
  });

  test('beforePick is refused for a player who has picked or whose turn it is not', () => {
    expect(refused([D('E', '5D'), P('S'), early('S', '1B')], RuleCode.AlreadyPicked)).toBe(
      'South has picked: her discard is not before picking',
    );
    expect(refused([D('E', '5D'), early('W', '1B')], RuleCode.NotYourTurn)).toBe(
      "It is South's turn, not West's: only the player in turn can discard before picking",
    );
  });

  test('a joker exchange flagged beforePick is the early exchange of Example 38: her hand is dead, the tiles stay', () => {
    const ev: GameEvent[] = [
      D('E', '1C'),
      D('S', '2C'),
      D('W', '3C'),
      D('N', '4D'),
      X('E', ['4D', '4D', 'J']),
      D('E', '9B'),
      { type: 'jokerExchange', seat: 'S', from: 'E', tile: '4D', beforePick: true },
    ];
    const s = play(ev);
    expect(s.dead.S).toMatchObject({ cause: 'early-exchange' });
    expect(s.exposures.E[0]!.tiles).toEqual(['4D', '4D', 'J']);
    expect(s.turn).toBe('W');
  });

  test('an unflagged discard after an explicit pick never becomes “before picking”', () => {
    const r = replayGame([D('E', '1B'), P('S'), D('S', '2B'), D('W', '3B')], setupOf());
    expect(r.ok && r.value.live).toMatchObject({ beforePick: false, claimable: true });
  });
});

describe('the record keeps beforePick', () => {
  test('read, written in canonical form and read again; a non-boolean is refused with a sentence', async () => {
    const { parseRecord, serialiseRecord } = await import('../../src/core/record');
    const doc = {
      format: 'mahjmate/table-record',
      version: 2,
      players: ['Ann', 'Bea', 'Cy', 'Dot'],
      seating: ['Ann', 'Bea', 'Cy', 'Dot'],
      rules: {},
      games: [
        {
          events: [
            { type: 'discard', seat: 'E', tile: '5d' },
            { type: 'discard', seat: 'S', tile: '1b', beforePick: true },
            { type: 'jokerExchange', seat: 'W', from: 'E', tile: '5D', beforePick: false },
          ],
        },
      ],
    };
    const r = parseRecord(JSON.stringify(doc));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.games[0]!.events[1]).toEqual({ type: 'discard', seat: 'S', tile: '1B', beforePick: true });
    expect(r.value.games[0]!.events[2]).toEqual({ type: 'jokerExchange', seat: 'W', from: 'E', tile: '5D', beforePick: false });
    const text = serialiseRecord(r.value);
    expect(text).toContain('"tile": "1B",\n          "beforePick": true');
    const again = parseRecord(text);
    expect(again.ok && again.value).toEqual(r.value);
    const bad = parseRecord(
      JSON.stringify({ ...doc, games: [{ events: [{ type: 'discard', seat: 'E', tile: '5d', beforePick: 'yes' }] }] }),
    );
    expect(bad.ok ? null : bad.error).toEqual({ game: 1, index: 1, message: 'discard.beforePick must be true or false, got "yes"' });
  });
});
