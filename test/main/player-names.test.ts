import { expect, test } from 'vitest';
import { parseRecord } from '../../src/core/record';
import type { Ledger, PlayerStats } from '../../src/shared/contract/session';
import type { ExportedRecord, GameInfo, GameView, Player, SessionDetail, SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

/**
 * A player's name lives in one place, the roster: sessions and games refer to roster players,
 * so a rename shows everywhere; a table record carries names, and importing one maps each name
 * back to the roster player it was (even under a name she had before a rename) without adding
 * anyone twice. Real services on a real SQLite file.
 */
const f = useServices();
const value = f.value;
const setup = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };
const roster = async (): Promise<string[]> => (await value<Player[]>('listPlayers')).map((p) => p.name).sort();
const idOf = async (name: string): Promise<number> => (await value<Player[]>('listPlayers')).find((p) => p.name === name)!.id;

/** A session of two games: Cy (West) wins the first off Dot; the second is a wall game. */
const played = async (): Promise<SessionSummary> => {
  const s = await value<SessionSummary>('setupSession', { setup });
  await value('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'W', value: 30, jokerless: false, from: 'N' }] });
  await value('quickScore', { sessionId: s.id, events: [{ type: 'wallGame' }] });
  return s;
};

test('a rename shows everywhere: sessions, games, history, ledger, settlement, stats and the export', async () => {
  const s = await played();
  await value('playerStats'); // the per-session figures are stored before the rename
  await value('renamePlayer', { id: await idOf('Cy'), name: 'Cyd' });

  const detail = await value<SessionDetail>('getSession', { sessionId: s.id });
  expect(detail.players).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);
  expect(detail.setup.players).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);
  expect(detail.setup.seating).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);
  expect(detail.gameList.map((g) => g.seating.W ?? g.seating.S)).toContain('Cyd');
  expect((await value<SessionSummary[]>('listSessions'))[0]!.players).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);
  const game = await value<GameView>('loadGame', { gameId: detail.gameList[0]!.id });
  expect(game.game.seating.W).toBe('Cyd');

  const ledger = await value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(ledger.players).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);
  expect(ledger.games[0]!.winner).toBe('Cyd');
  expect(ledger.games[0]!.discarder).toBe('Dot');
  expect(ledger.balances.find((b) => b.name === 'Cyd')!.points).toBeGreaterThan(0);
  expect(ledger.transfers.some((t) => t.to === 'Cyd')).toBe(true);
  expect(JSON.stringify(ledger)).not.toMatch(/"Cy"/);

  const stats = await value<PlayerStats[]>('playerStats');
  expect(stats.map((p) => p.name).sort()).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);
  expect(stats.find((p) => p.name === 'Cyd')).toMatchObject({ sessions: 1, games: 2, wins: 1 });

  const exported = await value<ExportedRecord>('exportSession', { sessionId: s.id });
  const rec = parseRecord(exported.text);
  expect(rec.ok && rec.value.players).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);

  // The next game is seated with the new name, and a deviated seating may use it.
  const next = await value<GameInfo>('startGame', { sessionId: s.id, seating: ['Cyd', 'Ann', 'Bea', 'Dot'] });
  expect(next.seating.E).toBe('Cyd');
  expect(await roster()).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);
});

test('a record exported before a rename imports back onto the renamed player: nobody is added twice', async () => {
  const s = await played();
  const before = await value<ExportedRecord>('exportSession', { sessionId: s.id });
  await value('renamePlayer', { id: await idOf('Cy'), name: 'Cyd' });

  // The same record: it is the session already here, under Cyd.
  const again = await value<SessionSummary & { alreadyThere?: true }>('importRecord', { text: before.text });
  expect(again).toMatchObject({ id: s.id, alreadyThere: true, players: ['Ann', 'Bea', 'Cyd', 'Dot'] });
  expect(await roster()).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);

  // A copy asked for, and another record naming Cy (any case): a new session of the same four people.
  const copy = await value<SessionSummary>('importRecord', { text: before.text, copy: true });
  expect(copy.players).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);
  const other = JSON.parse(before.text) as { players: string[]; seating: string[]; games: unknown[] };
  other.players = ['ann', 'BEA', 'cy', 'Dot'];
  other.seating = ['cy', 'ann', 'BEA', 'Dot'];
  other.games = [];
  const imported = await value<SessionSummary>('importRecord', { text: JSON.stringify(other) });
  expect(imported.players).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);
  expect(await roster()).toEqual(['Ann', 'Bea', 'Cyd', 'Dot']);
  const stats = await value<PlayerStats[]>('playerStats');
  expect(stats.find((p) => p.name === 'Cyd')!.sessions).toBe(3);
});

test('a former name is a new player when someone now has it, or when its owner is also at the table', async () => {
  const s = await played();
  const before = await value<ExportedRecord>('exportSession', { sessionId: s.id });
  await value('renamePlayer', { id: await idOf('Cy'), name: 'Cyd' });
  await value('addPlayer', { name: 'Cy' }); // another person now called Cy
  // The record is still the session already here (its Cy is Cyd now); imported as a copy, its Cy is the roster's Cy.
  expect(await value<SessionSummary & { alreadyThere?: true }>('importRecord', { text: before.text })).toMatchObject({
    id: s.id,
    alreadyThere: true,
  });
  const imported = await value<SessionSummary>('importRecord', { text: before.text, copy: true });
  expect(imported.players).toEqual(['Ann', 'Bea', 'Cy', 'Dot']);
  expect(await roster()).toEqual(['Ann', 'Bea', 'Cy', 'Cyd', 'Dot']);

  // Cyd (once Cy) and a record naming both Cy and Cyd: two people; the record's Cy is the roster's Cy.
  const both = { format: 'mahjmate/table-record', version: 1, players: ['Cy', 'Cyd', 'Ann'], seating: ['Cy', 'Cyd', 'Ann'], games: [] };
  expect((await value<SessionSummary>('importRecord', { text: JSON.stringify(both) })).players).toEqual(['Cy', 'Cyd', 'Ann']);
  expect(await roster()).toEqual(['Ann', 'Bea', 'Cy', 'Cyd', 'Dot']);
});

test('the seating check compares names as the roster does, whatever their case', async () => {
  const s = await value<SessionSummary>('setupSession', {
    setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['ann', 'bea', 'CY', 'Dot'] },
  });
  const detail = await value<SessionDetail>('getSession', { sessionId: s.id });
  expect(detail.setup.seating).toEqual(['Ann', 'Bea', 'Cy', 'Dot']);
  const game = await value<GameInfo>('startGame', { sessionId: s.id, seating: ['dot', 'ann', 'bea', 'cy'] });
  expect(game.seating).toEqual({ E: 'Dot', S: 'Ann', W: 'Bea', N: 'Cy' });
  expect(await roster()).toEqual(['Ann', 'Bea', 'Cy', 'Dot']);
  // A session set up with a roster player's name in another case is that player.
  const lower = await value<SessionSummary>('setupSession', {
    setup: { players: ['ann', 'bea', 'cy', 'dot'], seating: ['ann', 'bea', 'cy', 'dot'] },
  });
  expect(lower.players).toEqual(['Ann', 'Bea', 'Cy', 'Dot']);
  expect(await roster()).toEqual(['Ann', 'Bea', 'Cy', 'Dot']);
});

test('names are judged by one rule on every channel', async () => {
  const long = 'x'.repeat(41);
  for (const [channel, payload] of [
    ['addPlayer', { name: long }],
    ['renamePlayer', { id: 1, name: long }],
    ['setupSession', { setup: { players: ['Ann', 'Bea', long], seating: ['Ann', 'Bea', long] } }],
  ] as const)
    expect(await f.refusal(channel, payload)).toBe('A name has at most 40 characters.');
  expect(await f.refusal('addPlayer', { name: '  ' })).toBe('A name cannot be empty.');
  expect(await f.refusal('addPlayer', { name: 'Ann\nBea' })).toMatch(/^A name .*(line|tab|control)/i);
  expect(await f.refusal('startGame', { sessionId: 1, dice: 13 })).toBe('A dice throw is 2 to 12, not 13.');
});

test('a record exported before two players swapped names is the session already here, not a second one', async () => {
  const s = await played();
  const before = await value<ExportedRecord>('exportSession', { sessionId: s.id });
  const ann = await idOf('Ann');
  const bea = await idOf('Bea');
  await value('renamePlayer', { id: ann, name: 'Tmp' });
  await value('renamePlayer', { id: bea, name: 'Ann' });
  await value('renamePlayer', { id: ann, name: 'Bea' });
  // and Cy's and Dot's names go round too: Cy is Dot now, Dot is Dee
  await value('renamePlayer', { id: await idOf('Dot'), name: 'Dee' });
  await value('renamePlayer', { id: await idOf('Cy'), name: 'Dot' });
  const again = await value<SessionSummary & { alreadyThere?: true }>('importRecord', { text: before.text });
  expect(again).toMatchObject({ id: s.id, alreadyThere: true, players: ['Bea', 'Ann', 'Dot', 'Dee'] });
  expect(f.store.listSessions(100)).toHaveLength(1);
  expect(await roster()).toEqual(['Ann', 'Bea', 'Dee', 'Dot']);

  // The same games played by other people (a new record naming them) are a session of their own.
  const others = JSON.parse(before.text) as { players: string[]; seating: string[] };
  const swap = (n: string) => ({ Ann: 'Eve', Bea: 'Fay', Cy: 'Gus', Dot: 'Hal' })[n] ?? n;
  others.players = others.players.map(swap);
  others.seating = others.seating.map(swap);
  expect(
    (await value<SessionSummary & { alreadyThere?: true }>('importRecord', { text: JSON.stringify(others) })).alreadyThere,
  ).toBeUndefined();
  expect(f.store.listSessions(100)).toHaveLength(2);
});

test('one name key for every alphabet: ZOË set up beside Zoë (and Zoe) is the same player', async () => {
  await value('addPlayer', { name: 'Zoë' });
  expect(await f.refusal('addPlayer', { name: 'ZOË' })).toMatch(/already a player named/i);
  expect(await f.refusal('addPlayer', { name: 'Zoe' })).toMatch(/already a player named/i);
  const s = await value<SessionSummary>('setupSession', {
    setup: { players: ['ZOË', 'Ann', 'Bea', 'Cy'], seating: ['zoë', 'Ann', 'Bea', 'Cy'] },
  });
  expect(s.players).toEqual(['Zoë', 'Ann', 'Bea', 'Cy']);
  expect(await roster()).toEqual(['Ann', 'Bea', 'Cy', 'Zoë']);
  // Two spellings of one name in one setup are one player seated twice.
  expect(await f.refusal('setupSession', { setup: { players: ['Zoë', 'ZOË', 'Bea'], seating: ['Zoë', 'ZOË', 'Bea'] } })).toMatch(
    /twice|same|already/i,
  );
  // A record naming her as ZOË imports onto her, and the Greek and German spellings fold the same way.
  const rec = {
    format: 'mahjmate/table-record',
    version: 2,
    players: ['ZOË', 'ΣΟΦΊΑ', 'STRASSER'],
    seating: ['ZOË', 'ΣΟΦΊΑ', 'STRASSER'],
    games: [],
  };
  await value('addPlayer', { name: 'σοφία' });
  await value('addPlayer', { name: 'Straßer' });
  expect((await value<SessionSummary>('importRecord', { text: JSON.stringify(rec) })).players).toEqual(['Zoë', 'σοφία', 'Straßer']);
  expect(await roster()).toEqual(['Ann', 'Bea', 'Cy', 'Straßer', 'Zoë', 'σοφία']);
});
