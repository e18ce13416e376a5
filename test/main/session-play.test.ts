import { expect, test } from 'vitest';
import { parseRecord } from '../../src/core/record';
import type { Ledger, PlayerStats } from '../../src/shared/contract/session';
import type { ExportedRecord, GameInfo, SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

const f = useServices();
const value = f.value;
const refusal = f.refusal;

const five = {
  players: ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'],
  seating: ['Ann', 'Bea', 'Cy', 'Dot'],
  bettor: 'Eve',
  stakes: { centsPerPoint: 1 },
  pie: { points: 60 },
};

test('setup refuses duplicate names (any case), 2 or 6 players, non-positive stakes and a pie below the cheapest hand; nothing is saved', async () => {
  expect(await refusal('setupSession', { setup: { players: ['Ann', 'ann', 'Cy'], seating: ['Ann', 'ann', 'Cy'] } })).toMatch(/twice/);
  expect(await refusal('setupSession', { setup: { players: ['Ann', 'Bea'], seating: ['Ann', 'Bea'] } })).toMatch(/3, 4 or 5 players/);
  expect(await refusal('setupSession', { setup: { players: ['A', 'B', 'C', 'D', 'E', 'F'], seating: ['A', 'B', 'C', 'D'] } })).toMatch(
    /3, 4 or 5/,
  );
  expect(await refusal('setupSession', { setup: { ...five, stakes: { centsPerPoint: 0 } } })).toMatch(
    /^Cents per point must be more than 0 and at most 10,000/,
  );
  expect(await refusal('setupSession', { setup: { ...five, stakes: { centsPerPoint: -5 } } })).toMatch(
    /^Cents per point must be more than 0 and at most 10,000/,
  );
  expect(await refusal('setupSession', { setup: { ...five, pie: { points: 20 } } })).toMatch(/cheapest hand \(25\)/);
  expect(
    await refusal('setupSession', {
      setup: five,
      chips: [
        { colour: 'blue', points: 25 },
        { colour: 'Blue', points: 5 },
      ],
    }),
  ).toMatch(/each colour once/i);
  expect(await value<SessionSummary[]>('listSessions')).toEqual([]);
});

test('quick scoring: bettor win, forgotten bet, py player winning back, wall game; ledger worked by hand; pie left and py marks', async () => {
  const s = await value<SessionSummary>('setupSession', {
    setup: five,
    chips: [
      { colour: 'white', points: 5 },
      { colour: 'blue', points: 25 },
    ],
  });
  const score = (events: unknown[]) => value<GameInfo>('quickScore', { sessionId: s.id, events });
  // Game 1 (E Ann, S Bea, W Cy, N Dot; Eve bets): Eve backs Bea; Bea self-picks 30: everyone pays 60, capped at the pie of 60.
  await score([
    { type: 'bet', on: 'S' },
    { type: 'mahjong', seat: 'S', value: 30, jokerless: false, selfPick: true },
  ]);
  let l = await value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(l.games[0]!.winner).toBe('Bea');
  expect(l.games[0]!.betOn).toBe('Bea');
  expect(l.games[0]!.lines.some((x) => x.from === 'Ann' && x.to === 'Eve' && /Bettor backed South/.test(x.reason))).toBe(true);
  const ann = l.balances.find((b) => b.name === 'Ann')!;
  expect(ann.pieLeft).toBe(0);
  expect(ann.py).toBe(true);
  // Game 2: Ann, East of game 1, sits out as the bettor; Eve takes her chair (§10.3).
  expect(l.next!.bettor).toBe('Ann');
  expect(l.next!.seating.E).toBe('Bea');
  // Cy (py after game 1) wins on Dot's discard: she is paid and back in.
  const cySeat = Object.entries(l.next!.seating).find(([, n]) => n === 'Cy')![0];
  const dotSeat = Object.entries(l.next!.seating).find(([, n]) => n === 'Dot')![0];
  await score([{ type: 'mahjong', seat: cySeat, value: 25, jokerless: false, from: dotSeat }]);
  l = await value<Ledger>('sessionLedger', { sessionId: s.id });
  const g2 = l.games[1]!;
  expect(g2.betOn).toBeNull();
  expect(g2.lines.some((x) => x.from === 'Ann' && /forgot to bet/.test(x.reason))).toBe(true);
  expect(l.balances.find((b) => b.name === 'Cy')!.py).toBe(false);
  // Game 3: wall game, no payments.
  await score([{ type: 'wallGame' }]);
  l = await value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(l.games[2]!.status).toBe('wall');
  expect(l.games[2]!.lines).toEqual([]);

  // Every figure worked out by hand from the rules (RULES §9.3 bettor, §9.5 pie at 60, §10.3 five
  // players), not from the code that builds the ledger:
  // game 1: Ann, Cy, Dot each owe Bea 60 and Eve 60 (self-pick, backed), but a pie of 60 lets each
  //   pay 60 in all, shared 30/30: Bea +90, Eve +90, the others -60 (py).
  // game 2 (E Bea, S Cy, W Dot, N Eve; Ann bets and forgets): Dot owes 50, Bea and Eve 25, Ann 25;
  //   Ann and Dot are py and pay nothing: Cy +50, Bea -25, Eve -25.
  // game 3: a wall game, nothing.
  expect(l.games.map((g) => g.net)).toEqual([
    { Ann: -60, Bea: 90, Cy: -60, Dot: -60, Eve: 90 },
    { Ann: 0, Bea: -25, Cy: 50, Dot: 0, Eve: -25 },
    { Ann: 0, Bea: 0, Cy: 0, Dot: 0, Eve: 0 },
  ]);
  expect(Object.fromEntries(l.balances.map((b) => [b.name, b.cents]))).toEqual({ Ann: -60, Bea: 65, Cy: -10, Dot: -60, Eve: 65 });
  // The transfers settle every balance exactly.
  const settled: Record<string, number> = { Ann: 0, Bea: 0, Cy: 0, Dot: 0, Eve: 0 };
  for (const t of l.transfers) {
    settled[t.from]! -= t.cents;
    settled[t.to]! += t.cents;
  }
  expect(settled).toEqual({ Ann: -60, Bea: 65, Cy: -10, Dot: -60, Eve: 65 });
  // Game 4: the wall game passed the dice too; Cy, East of game 3, sits out and Bea takes her chair.
  expect(l.next!.bettor).toBe('Cy');
  expect(l.next!.seating).toEqual({ E: 'Dot', S: 'Eve', W: 'Ann', N: 'Bea' });
  expect(l.chips.map((c) => c.colour)).toEqual(['blue', 'white']);
});

test('quick scoring refuses what is not an ending, a seat not at the table, and writes nothing', async () => {
  const s = await value<SessionSummary>('setupSession', { setup: { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'] } });
  expect(await refusal('quickScore', { sessionId: s.id, events: [{ type: 'bet', on: 'E' }] })).toMatch(/ends with/);
  expect(
    await refusal('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'N', value: 25, jokerless: false, from: 'E' }] }),
  ).toMatch(/seat|N/);
  expect((await value<Ledger>('sessionLedger', { sessionId: s.id })).games).toEqual([]);
  expect(f.store.getSession(s.id)!.gameList).toEqual([]);
});

test('4 players: the Pivot swap is announced for game 5 and happens', async () => {
  const s = await value<SessionSummary>('setupSession', {
    setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] },
  });
  let l = await value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(l.next!.gamesToPivotSwap).toBe(4);
  for (let i = 0; i < 4; i++) await value('quickScore', { sessionId: s.id, events: [{ type: 'wallGame' }] });
  l = await value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(l.next!.pivotSwap).toEqual({ pivot: 'Ann', swapsWith: 'Bea' });
  // RULES §10.2: the dice come back to Ann, she swaps chairs with Bea on her right and keeps the dice.
  expect(l.next!.seating).toEqual({ E: 'Ann', S: 'Cy', W: 'Dot', N: 'Bea' });
});

test('stats across sessions and the whole history export', async () => {
  const s = await value<SessionSummary>('setupSession', {
    setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'], stakes: { centsPerPoint: 5 } },
  });
  await value('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'E', value: 30, jokerless: true, selfPick: true }] });
  await value('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'W', value: 25, jokerless: false, from: 'S' }] });
  const stats = await value<PlayerStats[]>('playerStats');
  const ann = stats.find((p) => p.name === 'Ann')!;
  expect(ann).toMatchObject({ games: 2, wins: 1, selfPicks: 1, jokerlessWins: 1, averageValue: 30 });
  // Game 2 seats Bea East and Ann North: Dot (West) wins on Cy's discard; Ann pays 25.
  const l = await value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(ann.cents).toBe(l.balances.find((b) => b.name === 'Ann')!.cents);
  expect(ann.moneyOverTime).toEqual([{ sessionId: s.id, date: l.createdAt, cents: ann.cents }]);
  const files = await value<ExportedRecord[]>('exportHistory');
  expect(files).toHaveLength(1);
  expect(parseRecord(files[0]!.text).ok).toBe(true);
});

test('editing a reopened session: removing the last game needs a reason and is audited with what was removed', async () => {
  const s = await value<SessionSummary>('setupSession', { setup: { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'] } });
  await value('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'E', value: 30, jokerless: false, selfPick: true }] });
  await value('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'S', value: 25, jokerless: false, from: 'W' }] });
  expect(await refusal('removeLastGame', { sessionId: s.id, reason: '' })).toMatch(/say why/i);
  expect((await value<Ledger>('sessionLedger', { sessionId: s.id })).games).toHaveLength(2);
  expect(await value('removeLastGame', { sessionId: s.id, reason: 'wrong winner' })).toEqual({ removed: 2 });
  const l = await value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(l.games).toHaveLength(1);
  expect(l.next!.number).toBe(2);
  await value('quickScore', {
    sessionId: s.id,
    events: [{ type: 'mahjong', seat: 'W', value: 25, jokerless: false, from: 'S' }],
    reason: 'wrong winner',
  });
  const audit = await value<{ action: string; reason: string; before: unknown }[]>('sessionAudit', { sessionId: s.id });
  expect(audit.map((a) => [a.action, a.reason])).toEqual([
    ['removed game 2', 'wrong winner'],
    ['scored game 2', 'wrong winner'],
  ]);
  expect(audit[0]!.before).toMatchObject({ game: 2, events: [{ type: 'mahjong', seat: 'S', value: 25, from: 'W' }] });
  // Game 2 seats Bea East, Cy South, Ann West.
  expect((await value<Ledger>('sessionLedger', { sessionId: s.id })).games[1]!.winner).toBe('Ann');
});

test('stats follow a player through a rename and keep a retired player’s history', async () => {
  const s = await value<SessionSummary>('setupSession', { setup: { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'] } });
  await value('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'E', value: 40, jokerless: false, selfPick: true }] });
  const roster = await value<{ id: number; name: string }[]>('listPlayers');
  await value('renamePlayer', { id: roster.find((p) => p.name === 'Ann')!.id, name: 'Annie' });
  await value('retirePlayer', { id: roster.find((p) => p.name === 'Bea')!.id });
  const stats = await value<PlayerStats[]>('playerStats');
  expect(stats.find((p) => p.name === 'Annie')).toMatchObject({ games: 1, wins: 1, selfPicks: 1, averageValue: 40, cents: 160 });
  expect(stats.find((p) => p.name === 'Bea')).toMatchObject({ retired: true, games: 1, wins: 0, cents: -80 });
  expect(stats.find((p) => p.name === 'Ann')).toBeUndefined();
});

test('quick scoring with errors: the wrong-wall pusher pays 4x alone, dead hands are listed; other events are refused', async () => {
  const s = await value<SessionSummary>('setupSession', {
    setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] },
  });
  expect(
    await refusal('quickScore', { sessionId: s.id, events: [{ type: 'discard', seat: 'E', tile: '1B' }, { type: 'wallGame' }] }),
  ).toMatch(/only the bet \(first\) and errors/);
  await value('quickScore', {
    sessionId: s.id,
    events: [
      { type: 'wrongWall', seat: 'S' },
      { type: 'dead', seat: 'N' },
      { type: 'mahjong', seat: 'E', value: 25, jokerless: false, from: 'W' },
    ],
  });
  const g = (await value<Ledger>('sessionLedger', { sessionId: s.id })).games[0]!;
  expect(g.dead).toEqual(['Dot']);
  expect(g.lines).toEqual([
    expect.objectContaining({ from: 'Bea', to: 'Ann', points: 100, paid: 100, reason: expect.stringMatching(/wrong wall/) }),
  ]);
  expect(g.net).toEqual({ Ann: 100, Bea: -100, Cy: 0, Dot: 0 });
});

test('printing the settlement: refused with a reason without the desktop app; with a printer, the PDF goes where it says', async () => {
  const { installPrinter } = await import('../../electron/main/services/sessionPrint');
  const s = await value<SessionSummary>('setupSession', { setup: { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'] } });
  expect(await refusal('printSettlement', { sessionId: s.id, mode: 'pdf' })).toMatch(/needs the MahjMate desktop app/);
  expect(await refusal('printSettlement', { sessionId: s.id, mode: 'fax' })).toMatch(/"dialog" or "pdf"/);
  // Electron cannot run here: a recording printer stands in for webContents.printToPDF + the save dialog.
  const asked: string[] = [];
  installPrinter({ dialog: async () => void asked.push('dialog'), pdf: async (name) => (asked.push(name), `/home/ann/${name}`) });
  try {
    expect(await value('printSettlement', { sessionId: s.id, mode: 'pdf' })).toEqual({ savedTo: `/home/ann/${asked[0]}` });
    expect(asked[0]).toMatch(new RegExp(`^mahjmate-settlement-\\d{4}-\\d{2}-\\d{2}-session-${s.id}\\.pdf$`));
    expect(await value('printSettlement', { sessionId: s.id, mode: 'dialog' })).toEqual({ savedTo: null });
    expect(await refusal('printSettlement', { sessionId: 999, mode: 'dialog' })).toMatch(/not found/);
    expect(asked).toHaveLength(2);
  } finally {
    installPrinter(null);
  }
});
