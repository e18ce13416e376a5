import { describe, expect, test } from 'vitest';
import { amendEvents } from '../../src/core/amend';
import {
  correctionChanges,
  correctionsOf,
  endingOf,
  endingSentence,
  revisionOf,
  winSourceOf,
  withWinSource,
} from '../../src/core/correction';
import { replayGame } from '../../src/core/game';
import { entryOf, lineOf } from '../../src/renderer/components/session/quickLine';
import type { GameEvent } from '../../src/core/events';
import { D, M, P, setupOf } from './game-helpers';

const setup = setupOf();
const five = setupOf({ bettor: true });
const WHEN = '2026-11-25T21:14:00.000Z';
const win = (seat: 'E' | 'S' | 'W' | 'N', value: number, from?: 'E' | 'S' | 'W' | 'N', jokerless = false): GameEvent =>
  from ? { type: 'mahjong', seat, value, jokerless, from } : { type: 'mahjong', seat, value, jokerless, selfPick: true };
const dead = (seat: 'E' | 'S' | 'W' | 'N'): GameEvent => ({ type: 'dead', seat });

/** Apply a correction through the amendment model and return the game's new log. */
const corrected = (events: GameEvent[], typed: GameEvent[], s = setup): GameEvent[] => {
  const r = amendEvents(events, s, correctionChanges(events, typed), WHEN);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.events;
};

describe('the ending of a stored game', () => {
  test('a quick-scored game is all ending; a played game keeps its play and its bet stays first', () => {
    expect(endingOf([dead('W'), win('S', 25, 'E')])).toEqual({ bet: null, start: 0, ending: [dead('W'), win('S', 25, 'E')] });
    const played = [{ type: 'bet', on: 'S' } as GameEvent, D('E', '5B'), M('S'), win('S', 25, 'E')];
    expect(endingOf(played)).toEqual({ bet: played[0], start: 3, ending: [win('S', 25, 'E')] });
  });
});

describe('a correction is a set of amendments of the ending', () => {
  test('only the value: one replacement of the mah jongg, nothing else touched', () => {
    const g = [win('E', 25, 'N')];
    expect(correctionChanges(g, [win('E', 35, 'N')])).toEqual([{ at: 1, action: 'replace', event: win('E', 35, 'N') }]);
    expect(corrected(g, [win('E', 35, 'N')])).toEqual([win('E', 35, 'N')]);
  });

  test('a dead hand added before the ending, then taken away again; the winner and how it was won changed', () => {
    const g = [win('E', 25, 'N')];
    const withDead = corrected(g, [dead('W'), win('S', 30)]);
    expect(withDead).toEqual([dead('W'), win('S', 30)]);
    expect(corrected(withDead, [win('N', 25, 'W', true)])).toEqual([win('N', 25, 'W', true)]);
  });

  test('a wall game becomes three dead hands and back', () => {
    const three = corrected([{ type: 'wallGame' }], [dead('E'), dead('S'), dead('W')]);
    expect(three).toEqual([dead('E'), dead('S'), dead('W')]);
    expect(corrected(three, [{ type: 'wallGame' }])).toEqual([{ type: 'wallGame' }]);
  });

  test('the bettor’s bet: put in, changed, taken out (event 1), with the ending changed in the same correction', () => {
    const g = [win('E', 25, 'N')];
    const betted = corrected(g, [{ type: 'bet', on: 'S' }, win('E', 25, 'N')], five);
    expect(betted).toEqual([{ type: 'bet', on: 'S' }, win('E', 25, 'N')]);
    const changed = corrected(betted, [{ type: 'bet', on: 'E' }, win('E', 40, 'N')], five);
    expect(changed).toEqual([{ type: 'bet', on: 'E' }, win('E', 40, 'N')]);
    expect(corrected(changed, [win('E', 40, 'N')], five)).toEqual([win('E', 40, 'N')]);
  });

  test('in a game played at the table the discards stay; only the ending changes', () => {
    const g = [D('E', '5B'), P('S'), D('S', 'N'), M('W'), win('W', 25, 'S')];
    expect(corrected(g, [win('W', 50, 'S', true)])).toEqual([D('E', '5B'), P('S'), D('S', 'N'), M('W'), win('W', 50, 'S', true)]);
  });

  test('in a game played at the table the winner’s claim follows the corrected ending: another winner, a self-pick, three dead', () => {
    const g = [D('E', '5B'), P('S'), D('S', 'N'), M('W'), win('W', 25, 'S')];
    // North, not West, called South's North for mah jongg.
    expect(corrected(g, [win('N', 25, 'S')])).toEqual([D('E', '5B'), P('S'), D('S', 'N'), M('N'), win('N', 25, 'S')]);
    // West picked the winning tile herself after South's discard.
    const self = corrected(g, [win('W', 25)]);
    expect(self).toEqual([D('E', '5B'), P('S'), D('S', 'N'), P('W'), win('W', 25)]);
    // And back: her pick becomes the call on South's discard.
    expect(corrected(self, [win('W', 25, 'S')])).toEqual(g);
    // Nobody won: three hands were dead (RULES §8.4): the call goes. A wall game with 98 tiles
    // still in the wall is refused by the engine in a sentence.
    const three = [dead('E'), dead('S'), dead('N')];
    expect(corrected(g, three)).toEqual([D('E', '5B'), P('S'), D('S', 'N'), ...three]);
    expect(() => corrected(g, [{ type: 'wallGame' }])).toThrow('98 tiles are still in the wall');
  });

  test('what the form cannot say is kept: a hand’s category, a dead hand’s cause', () => {
    const g: GameEvent[] = [
      { type: 'dead', seat: 'W', cause: 'wrong-count' },
      { type: 'mahjong', seat: 'E', value: 50, jokerless: false, selfPick: true, category: 'singles-pairs' },
    ];
    expect(corrected(g, [dead('W'), win('E', 75)])).toEqual([
      { type: 'dead', seat: 'W', cause: 'wrong-count' },
      { type: 'mahjong', seat: 'E', value: 75, jokerless: false, selfPick: true, category: 'singles-pairs' },
    ]);
  });
});

describe('the revision', () => {
  test('a fix of the game still being played is not a correction; each correction of an ended game is one more revision', () => {
    const inPlay = [D('E', '5B'), P('S'), D('S', 'N')];
    const fixed = amendEvents(inPlay, setup, [{ at: 1, action: 'replace', event: D('E', '6B') }], '2026-11-25T20:00:00.000Z');
    if (!fixed.ok) throw new Error(fixed.error.message);
    const ended = [win('E', 25, 'N')];
    const once = amendEvents(ended, setup, correctionChanges(ended, [win('E', 35, 'N')]), '2026-11-25T21:00:00.000Z');
    if (!once.ok) throw new Error(once.error.message);
    const twice = amendEvents(once.value.events, setup, correctionChanges(once.value.events, [dead('W'), win('E', 35, 'N')]), WHEN);
    if (!twice.ok) throw new Error(twice.error.message);
    const list = correctionsOf([
      { number: 3, events: twice.value.events, amendments: [...once.value.amendments, ...twice.value.amendments], setup },
      { number: 5, events: fixed.value.events, amendments: fixed.value.amendments, setup },
    ]);
    expect(list.map((c) => [c.game, c.when])).toEqual([
      [3, '2026-11-25T21:00:00.000Z'],
      [3, WHEN],
    ]);
    expect(list.map((c) => [c.was, c.became])).toEqual([
      [[win('E', 25, 'N')], [win('E', 35, 'N')]],
      [[win('E', 35, 'N')], [dead('W'), win('E', 35, 'N')]],
    ]);
    expect(revisionOf(list)).toEqual({ number: 3, last: { game: 3, when: WHEN } });
    expect(revisionOf([])).toEqual({ number: 1, last: null });
  });

  test('an ending in the players’ words', () => {
    const seating = { E: 'Cy', S: 'Dot', W: 'Ann', N: 'Bea' };
    expect(endingSentence([{ type: 'bet', on: 'S' }, dead('W'), win('E', 35, 'N', true)], seating)).toBe(
      'Cy won 35 jokerless, on Bea’s discard; dead: Ann; bet on Dot',
    );
    expect(endingSentence([{ type: 'wallGame' }], seating)).toBe('wall game');
  });
});

describe('a game won at the table, where the log only implies how', () => {
  // West calls South's North for mah jongg and the mah jongg event says neither `from` nor
  // `selfPick`, as the table records it ("c w m", then "m w 30").
  const implied: GameEvent = { type: 'mahjong', seat: 'W', value: 30, jokerless: false };
  const g = [D('E', '5B'), P('S'), D('S', 'N'), M('W'), implied];
  const source = () => {
    const r = replayGame(g, setup);
    if (!r.ok) throw new Error(r.error.error.message);
    return winSourceOf(r.value);
  };

  test('the form reads it back as a win on South’s discard, not a self-pick', () => {
    expect(source()).toEqual({ from: 'S' });
    const ending = withWinSource(endingOf(g).ending, source());
    expect(lineOf(entryOf(ending))).toBe('w30s');
    // Without the engine's word the bare event reads as a self-pick: the mistake this guards against.
    expect(lineOf(entryOf(endingOf(g).ending))).toBe('w30p');
  });

  test('correcting only the value changes only the value: South still pays for her discard', () => {
    const after = corrected40();
    expect(after).toEqual([...g.slice(0, -1), { ...implied, value: 40 }]);
    const r = replayGame(after, setup);
    if (!r.ok) throw new Error(r.error.error.message);
    expect(winSourceOf(r.value)).toEqual({ from: 'S' });
  });

  test('the corrections list says how it was won before and after', () => {
    const once = amendEvents(g, setup, correctionChanges(g, [win('W', 40, 'S')], source()), WHEN);
    if (!once.ok) throw new Error(once.error.message);
    const [c] = correctionsOf([{ number: 1, events: once.value.events, amendments: once.value.amendments, setup }]);
    const seating = { E: 'Ann', S: 'Bea', W: 'Cy', N: 'Dot' };
    expect(endingSentence(c!.was, seating)).toBe('Cy won 30, on Bea’s discard');
    expect(endingSentence(c!.became, seating)).toBe('Cy won 40, on Bea’s discard');
  });

  test('made a self-pick by the same winner, her call becomes her pick', () => {
    const r = amendEvents(g, setup, correctionChanges(g, [win('W', 30)], source()), WHEN);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.events.slice(3)).toEqual([P('W'), win('W', 30)]);
  });

  const corrected40 = () => {
    const r = amendEvents(g, setup, correctionChanges(g, [win('W', 40, 'S')], source()), WHEN);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.events;
  };
});
