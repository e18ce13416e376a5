import { expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { OFFICIAL_RULES } from '../../src/core/rules';
import { fixHints, fixRows, parseFix, standing } from '../../src/renderer/screens/Table/fixCommand';

const setup = { players: 4 as const, bettor: false, rules: OFFICIAL_RULES };
const d = (seat: 'E' | 'S' | 'W' | 'N', tile: string): GameEvent => ({ type: 'discard', seat, tile }) as GameEvent;
const u: GameEvent = { type: 'retract' };
// 1 E 1B, 2 S 7B, 3 W calls pung, 4 W 9C, 5 N 2B (undone by 6), 7 N 3B
const log: GameEvent[] = [
  d('E', '1B'),
  d('S', '7B'),
  { type: 'call', seat: 'W', exposure: ['7B', '7B', '7B'] },
  d('W', '9C'),
  d('N', '2B'),
  u,
  d('N', '3B'),
];
const fix = (line: string, at?: number) => parseFix(line, log, setup, {}, at);

test('fix N and a command: read against the game as it stood before event N', () => {
  // At event 2 it was South's turn: "7d" is South's discard.
  expect(fix('fix 2 7d')).toEqual({
    kind: 'fix',
    change: { at: 2, action: 'replace', event: { ...d('S', '7D'), implied: true } },
    preview: 'Fix: Seven Bam by South (event 2) becomes Seven Dot by South; then event 3 needs fixing too',
  });
  // At event 3 South's Seven Bam was live: "c n 3" is North's pung of it (the seat of a call).
  expect(fix('fix 3 c n 3')).toMatchObject({
    kind: 'fix',
    change: { at: 3, action: 'replace', event: { type: 'call', seat: 'N', exposure: ['7B', '7B', '7B'] } },
  });
  expect(fix('FIX 4 before s 3b')).toMatchObject({
    kind: 'fix',
    change: { at: 4, action: 'insert', event: d('S', '3B') },
    preview: 'Put in Three Bam by South before event 4',
  });
  expect(fix('fix 7 drop')).toEqual({ kind: 'fix', change: { at: 7, action: 'delete' }, preview: 'Drop event 7, Three Bam by North' });
  expect(fix('drop', 3)).toMatchObject({ kind: 'fix', change: { at: 3, action: 'delete' } });
});

test('fix alone lists; fix N shows the event; refusals are sentences', () => {
  expect(fix('fix')).toMatchObject({ kind: 'fixList' });
  expect(fix('fix 2')).toMatchObject({ kind: 'fixList', at: 2, preview: 'Event 2, Seven Bam by South: type what it should be' });
  expect(fix('fix 40 7d')).toEqual({ kind: 'problem', message: 'There is no event 40: the game has 7 events' });
  expect(fix('fix 6 7d')).toMatchObject({ kind: 'problem', message: expect.stringMatching(/^Event 6 is an undo/) });
  expect(fix('fix 5 7d')).toMatchObject({
    kind: 'problem',
    message: expect.stringMatching(/^Event 5, Two Bam by North, was taken back by event 6/),
  });
  expect(fix('fix 2 zz')).toMatchObject({ kind: 'problem', message: expect.stringMatching(/^fix 2: /) });
  expect(fix('fix two')).toMatchObject({ kind: 'problem' });
  expect(fix('drop')).toMatchObject({ kind: 'problem' });
});

test('the list numbers the events, undos left out, an undone one struck; only standing ones are stepped through', () => {
  expect(standing(log)).toEqual([1, 2, 3, 4, 7]);
  expect(fixRows(log, undefined).map((r) => [r.n, r.undone])).toEqual([
    [1, false],
    [2, false],
    [3, false],
    [4, false],
    [5, true],
    [7, false],
  ]);
  expect(fixRows(log, undefined)[2]!.text).toBe('A pung of Seven Bam called by West');
});

test('fix on the ending still on the payout sheet points to u', () => {
  const staged: GameEvent[] = [{ type: 'mahjong', seat: 'E', value: 30, jokerless: false }];
  expect(parseFix('fix 8 m e 35', log, setup, {}, undefined, staged)).toEqual({
    kind: 'problem',
    message: 'Event 8, mah jongg by East (30), is not confirmed yet: type u to take it back, then type it as it should be',
  });
  expect(parseFix('fix 9 drop', log, setup, {}, undefined, staged)).toMatchObject({
    kind: 'problem',
    message: 'There is no event 9: the game has 7 events',
  });
});

test('a fix’s preview says which bare events move with the turn', () => {
  const b = (seat: 'E' | 'S' | 'W' | 'N', tile: string): GameEvent => ({ type: 'discard', seat, tile, implied: true }) as GameEvent;
  const typed: GameEvent[] = [
    b('E', '1B'),
    b('S', '2B'),
    { type: 'call', seat: 'N', exposure: ['2B', '2B', '2B'] },
    b('N', '5B'),
    b('E', '6B'),
  ];
  expect(parseFix('fix 3 c w 3', typed, setup, {})).toMatchObject({
    kind: 'fix',
    preview: 'Fix: event 3 is West’s, not North’s. Events 4-5 now follow the turn: event 4 is West’s',
  });
});

test('the hints are about the event chosen', () => {
  expect(fixHints(log, 2, setup).map((h) => h.keys)).toEqual(['fix 2 7d', 'fix 2 w 7b', 'fix 2 before e 3b', 'fix 2 drop']);
  expect(fixHints(log, 2, setup)[1]!.text).toBe('West’s, not South’s');
  expect(fixHints(log, 3, setup).map((h) => `${h.keys}: ${h.text}`)).toEqual([
    'fix 3 c n 3: North called it, not West',
    'fix 3 c w 4: a kong, not a pung',
    'fix 3 drop: it never happened',
  ]);
  expect(fixHints(log, 5, setup)).toEqual([{ keys: 'fix 5 drop', text: 'drop it and its undo' }]);
});
