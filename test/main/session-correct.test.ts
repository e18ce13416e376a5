import { expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import type { CorrectResult } from '../../src/shared/contract/correct';
import type { Ledger } from '../../src/shared/contract/session';
import type { GameInfo, SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

/**
 * Correcting a confirmed earlier game after later games were played, through the real services
 * on a real SQLite file. The figures are worked out by hand from the rules (RULES §9 payments,
 * §9.5 pie, §10 rotation), and the corrected session must equal the same session typed right.
 */
const f = useServices();
const value = f.value;
const refusal = f.refusal;

const four = {
  players: ['Ann', 'Bea', 'Cy', 'Dot'],
  seating: ['Ann', 'Bea', 'Cy', 'Dot'],
  stakes: { centsPerPoint: 1 },
  pie: { points: 100 },
};
const win = (seat: string, value: number, from?: string, jokerless = false): GameEvent =>
  (from ? { type: 'mahjong', seat, value, jokerless, from } : { type: 'mahjong', seat, value, jokerless, selfPick: true }) as GameEvent;

// Seatings by the rotation (RULES §10.1, Pivot §10.2): game 1 E Ann S Bea W Cy N Dot; game 2 E Bea;
// game 3 E Cy, S Dot, W Ann, N Bea; game 4 E Dot, S Ann, W Bea, N Cy; game 5: the dice are back at
// Ann (the Pivot), who swaps with Bea on her right: E Ann, S Cy, W Dot, N Bea.
const G1 = [win('S', 25, 'W')]; // Bea wins 25 on Cy's discard
const G2: GameEvent[] = [{ type: 'wallGame' }];
const G3_WRONG = [win('E', 25, 'N')]; // typed: Cy wins 25 on Bea's discard
const G3_RIGHT = [win('E', 35, 'N')]; // it was worth 35
const G4 = [win('S', 30)]; // Ann self-picks 30
const G5_PLAY: GameEvent[] = [
  { type: 'discard', seat: 'E', tile: '5B' },
  { type: 'pick', seat: 'S' },
  { type: 'discard', seat: 'S', tile: 'N' },
];

const play = async (games: GameEvent[][]): Promise<{ sessionId: number; ids: number[] }> => {
  const s = await value<SessionSummary>('setupSession', { setup: four });
  const ids: number[] = [];
  for (const events of games) ids.push((await value<GameInfo>('quickScore', { sessionId: s.id, events })).id);
  const g5 = await value<GameInfo>('startGame', { sessionId: s.id });
  let seq = 0;
  for (const event of G5_PLAY) seq = (await value<{ seq: number }>('appendEvent', { gameId: g5.id, event, afterSeq: seq })).seq;
  ids.push(g5.id);
  return { sessionId: s.id, ids };
};

/** What a ledger says, without the ids and times that differ between two sessions. */
const figures = (l: Ledger) => ({
  games: l.games.map(({ gameId: _id, ...g }) => g),
  balances: l.balances,
  transfers: l.transfers,
  next: l.next,
  open: l.openGame && { number: l.openGame.number, seating: l.openGame.seating },
});

test('game 3 of 5 corrected (25 was 35) while game 5 is under way: ledger, pie, standings and settlement equal the session typed right, worked by hand', async () => {
  const wrong = await play([G1, G2, G3_WRONG, G4]);
  let l = await value<Ledger>('sessionLedger', { sessionId: wrong.sessionId });
  // As typed (pie 100): game 1 Bea +100, Cy −50, Ann −25, Dot −25; game 3 Cy +100 (Bea 50, Ann 25,
  // Dot 25); game 4 Ann self-picks 30: 60 each, but Dot has 50 left of her pie and pays 50.
  expect(Object.fromEntries(l.balances.map((b) => [b.name, b.points]))).toEqual({ Ann: 120, Bea: -10, Cy: -10, Dot: -100 });
  expect(l.revision).toEqual({ number: 1, last: null });
  expect(l.corrections).toEqual([]);

  const r = await value<CorrectResult>('correctGame', { sessionId: wrong.sessionId, gameId: wrong.ids[2], events: G3_RIGHT });
  expect(r.lines).toEqual(['Fixed: event 1, mah jongg by East (25) is now mah jongg by East (35)']);
  expect(r.revision.number).toBe(2);
  expect(r.revision.last?.game).toBe(3);

  l = await value<Ledger>('sessionLedger', { sessionId: wrong.sessionId });
  // By hand, right: game 3 Cy +140 (Bea pays 70, Ann 35, Dot 35): Ann −60, Bea +30, Cy +90, Dot −60.
  // Game 4: Ann self-picks 30, 60 each; Dot has 40 left of her pie and pays 40 (py):
  // Ann +160, Bea −30, Cy +30, Dot −100.
  expect(l.games[2]!.net).toEqual({ Ann: -35, Bea: -70, Cy: 140, Dot: -35 });
  expect(l.games[3]!.net).toEqual({ Ann: 160, Bea: -60, Cy: -60, Dot: -40 });
  expect(l.games[3]!.lines.find((x) => x.from === 'Dot')).toMatchObject({ points: 60, paid: 40 });
  expect(Object.fromEntries(l.balances.map((b) => [b.name, b.points]))).toEqual({ Ann: 100, Bea: -30, Cy: 30, Dot: -100 });
  expect(l.balances.find((b) => b.name === 'Dot')).toMatchObject({ pieLeft: 0, py: true });
  // The fewest transfers: two zero-sum pairs.
  expect(l.transfers).toHaveLength(2);
  expect(l.transfers).toEqual(
    expect.arrayContaining([
      { from: 'Bea', to: 'Cy', cents: 30 },
      { from: 'Dot', to: 'Ann', cents: 100 },
    ]),
  );
  expect(l.revision.number).toBe(2);
  expect(l.corrections).toEqual([
    { game: 3, when: r.revision.last!.when, was: 'Cy won 25, on Bea’s discard', now: 'Cy won 35, on Bea’s discard' },
  ]);
  // Game 5 stays at the table, as it was.
  expect(l.openGame?.number).toBe(5);
  expect(f.store.loadEvents(wrong.ids[4]!).map((e) => e.event)).toEqual(G5_PLAY);

  const right = await play([G1, G2, G3_RIGHT, G4]);
  expect(figures(l)).toEqual(figures(await value<Ledger>('sessionLedger', { sessionId: right.sessionId })));

  // The correction is kept for audit (what stood, what it became, when) and survives a restart.
  f.restart();
  const trail = await value<{ action: string; was?: GameEvent; event?: GameEvent; when: string }[]>('gameAmendments', {
    gameId: wrong.ids[2],
  });
  expect(trail).toMatchObject([{ action: 'replace', was: G3_WRONG[0], event: G3_RIGHT[0], when: r.revision.last!.when }]);
  const stored = await value<Ledger>('sessionLedger', { sessionId: wrong.sessionId });
  expect(stored.revision.number).toBe(2);

  // It travels in the table record: the imported session has the same corrected figures,
  // the same corrections and the same revision.
  const { text } = await value<{ text: string }>('exportSession', { sessionId: wrong.sessionId });
  expect(JSON.parse(text).games[2].amendments).toMatchObject([{ at: 1, action: 'replace', was: G3_WRONG[0], event: G3_RIGHT[0] }]);
  const imported = await value<SessionSummary>('importRecord', { text, copy: true });
  const copy = await value<Ledger>('sessionLedger', { sessionId: imported.id });
  expect(figures(copy)).toEqual(figures(stored));
  expect(copy.revision).toEqual(stored.revision);
  expect(copy.corrections).toEqual(stored.corrections);
});

test('the winner, how it was won, jokerless, dead hands and a wall game are corrected in one go; errors that end the game too; each correction is one more revision', async () => {
  const s = await play([G1, G2, G3_WRONG, G4]);
  const correct = (events: GameEvent[]) => value<CorrectResult>('correctGame', { sessionId: s.sessionId, gameId: s.ids[0], events });
  // Game 1 was Dot's (North) 30 jokerless self-pick, and Cy's hand was dead: everyone pays 120
  // (2 x 30, doubled jokerless), capped at the pie of 100.
  expect((await correct([{ type: 'dead', seat: 'W' }, win('N', 30, undefined, true)])).revision.number).toBe(2);
  let l = await value<Ledger>('sessionLedger', { sessionId: s.sessionId });
  expect(l.games[0]).toMatchObject({ winner: 'Dot', value: 30, jokerless: true, selfPick: true, dead: ['Cy'] });
  expect(l.games[0]!.net).toEqual({ Ann: -100, Bea: -100, Cy: -100, Dot: 300 });
  // Then it was a wall game after all.
  expect((await correct([{ type: 'wallGame' }])).revision.number).toBe(3);
  l = await value<Ledger>('sessionLedger', { sessionId: s.sessionId });
  expect(l.games[0]).toMatchObject({ status: 'wall', winner: null, dead: [] });
  expect(l.games[0]!.net).toEqual({ Ann: 0, Bea: 0, Cy: 0, Dot: 0 });
  // Three hands dead (RULES §8.4 (e): no payments) ends it too.
  await correct([
    { type: 'dead', seat: 'E' },
    { type: 'dead', seat: 'S' },
    { type: 'dead', seat: 'W' },
  ]);
  l = await value<Ledger>('sessionLedger', { sessionId: s.sessionId });
  expect(l.games[0]).toMatchObject({ status: 'three-dead', dead: ['Ann', 'Bea', 'Cy'] });
  expect(l.revision.number).toBe(4);
  expect(l.revision.last?.game).toBe(1);
  expect(l.corrections.map((c) => c.now)).toEqual([
    'Dot won 30 jokerless, self-picked; dead: Cy',
    'wall game',
    'ended by dead hands; dead: Ann, Bea, Cy',
  ]);
  expect(l.corrections.map((c) => c.was)).toEqual([
    'Bea won 25, on Cy’s discard',
    'Dot won 30 jokerless, self-picked; dead: Cy',
    'wall game',
  ]);
});

test('refusals say why in a sentence and change nothing: the game being played, no change, an ending the engine refuses, an ending that does not end the game', async () => {
  const s = await play([G1, G2, G3_WRONG, G4]);
  const before = await value<Ledger>('sessionLedger', { sessionId: s.sessionId });
  const ask = (gameId: number, events: unknown[]) => refusal('correctGame', { sessionId: s.sessionId, gameId, events });
  expect(await ask(s.ids[4]!, [{ type: 'wallGame' }])).toBe('Game 5 is still being played: fix it at the table.');
  expect(await ask(s.ids[2]!, G3_WRONG)).toBe('That is how game 3 already stands: nothing to correct.');
  // A dead hand cannot win (RULES §7).
  expect(await ask(s.ids[2]!, [{ type: 'dead', seat: 'E' }, win('E', 25, 'N')])).toMatch(/dead/i);
  expect(await ask(s.ids[2]!, [{ type: 'dead', seat: 'E' }])).toMatch(/does not end the game/);
  expect(await ask(s.ids[2]!, [{ type: 'wallGame' }, { type: 'bet', on: 'E' }])).toMatch(/bet comes first/);
  // A game of another session.
  const other = await value<SessionSummary>('setupSession', { setup: four });
  expect(await refusal('correctGame', { sessionId: other.id, gameId: s.ids[0], events: [{ type: 'wallGame' }] })).toMatch(
    /not found|no game/i,
  );
  const after = await value<Ledger>('sessionLedger', { sessionId: s.sessionId });
  expect(figures(after)).toEqual(figures(before));
  expect(after.revision.number).toBe(1);
  expect(await value<unknown[]>('gameAmendments', { gameId: s.ids[2] })).toEqual([]);
});

test('five players: correcting the bettor’s bet and the winner moves nobody: the seating never depends on results (RULES §10.3)', async () => {
  const five = {
    players: ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    bettor: 'Eve',
    stakes: { centsPerPoint: 1 },
  };
  const run = async (g1: GameEvent[]) => {
    const s = await value<SessionSummary>('setupSession', { setup: five });
    const first = await value<GameInfo>('quickScore', { sessionId: s.id, events: g1 });
    await value<GameInfo>('quickScore', { sessionId: s.id, events: [win('E', 25, 'S')] });
    return { id: s.id, g1: first.id };
  };
  // Typed: Eve backed Bea (South), who won 25 on Ann's discard. Right: Eve backed Cy (West), who
  // self-picked 25.
  const typed = await run([{ type: 'bet', on: 'S' }, win('S', 25, 'E')]);
  const before = await value<Ledger>('sessionLedger', { sessionId: typed.id });
  await value('correctGame', { sessionId: typed.id, gameId: typed.g1, events: [{ type: 'bet', on: 'W' }, win('W', 25)] });
  const l = await value<Ledger>('sessionLedger', { sessionId: typed.id });
  // By hand (RULES §9.3): Cy self-picks 25: Ann, Bea, Dot pay her 50 each; Eve backed her and is
  // paid as she is, 50 by each loser: Cy +150, Eve +150, Ann −100, Bea −100, Dot −100.
  expect(l.games[0]!.betOn).toBe('Cy');
  expect(l.games[0]!.net).toEqual({ Ann: -100, Bea: -100, Cy: 150, Dot: -100, Eve: 150 });
  // Game 2 and the next table are where the rotation puts them, whoever won game 1.
  expect(l.games[1]!.seating).toEqual(before.games[1]!.seating);
  expect(l.games[1]!.bettor).toBe('Ann');
  expect(l.next).toEqual(before.next);
  const right = await run([{ type: 'bet', on: 'W' }, win('W', 25)]);
  expect(figures(l)).toEqual(figures(await value<Ledger>('sessionLedger', { sessionId: right.id })));
});
