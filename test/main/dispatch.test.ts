import { expect, test } from 'vitest';
import { createServices, dispatch } from '../../electron/main/services/dispatch';
import { CHANNELS } from '../../src/shared/channels';
import { contract } from '../../src/shared/ipc-contract';
import { useServices } from './fixture';

const f = useServices({ name: 'MahjMate', version: '9.9.9' });
const call = f.call;
const value = f.value;
const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };

test('CHANNELS and the contract list the same channels, each with a service', () => {
  expect([...CHANNELS].sort()).toEqual(Object.keys(contract).sort());
  expect(Object.keys(f.services).sort()).toEqual([...CHANNELS].sort());
});

test('unknown channel, bad payloads: clear refusals, never a throw, nothing written', async () => {
  expect(await call('dropTables', {})).toEqual({
    ok: false,
    error: { code: 'ERR_UNKNOWN_CHANNEL', message: 'no channel named "dropTables"' },
  });
  const bad = await call('setupSession', { setup: { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Cy', 'Zed'] } });
  expect(bad).toMatchObject({ ok: false, error: { code: 'ERR_BAD_INPUT', message: '"Zed" is not one of the players.' } });
  expect(await call('createSession', { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'] })).toMatchObject({
    ok: false,
    error: { code: 'ERR_UNKNOWN_CHANNEL' },
  });
  const twins = await call('setupSession', { setup: { players: ['Ann', 'ann', 'Cy'], seating: ['Ann', 'ann', 'Cy'] } });
  expect(twins).toMatchObject({
    ok: false,
    error: { code: 'ERR_BAD_INPUT', message: expect.stringMatching(/^"ann" is at the table twice/) },
  });
  const tile = await call('appendEvent', { gameId: 1, event: { type: 'discard', seat: 'E', tile: '5Q' } });
  expect(tile).toMatchObject({ ok: false, error: { code: 'ERR_BAD_INPUT', message: expect.stringMatching(/"5Q" is not a tile/) } });
  expect(tile.ok === false && tile.error.message).not.toMatch(/^(event|discard)[.:]/);
  expect(await call('addPlayer', { name: '   ' })).toMatchObject({ ok: false, error: { message: 'A name cannot be empty.' } });
  expect(await call('addPlayer', { name: 'Ann', admin: true })).toMatchObject({ ok: false, error: { code: 'ERR_BAD_INPUT' } });
  expect(await value('listSessions')).toEqual([]);
  expect(await value('listPlayers')).toEqual([]);
});

test('appInfo and startupReport', async () => {
  expect(await value('appInfo')).toEqual({ name: 'MahjMate', version: '9.9.9', dataPath: f.db });
  expect(await value('startupReport')).toEqual({ setAside: null });
});

test('a session: rotation seats game 2 one chair to the right', async () => {
  const s = await value<{ id: number }>('setupSession', { setup: four });
  const g1 = await value<{ number: number; seating: object }>('startGame', { sessionId: s.id });
  const g2 = await value<{ number: number; seating: object }>('startGame', { sessionId: s.id });
  expect(g1).toMatchObject({ number: 1, seating: { E: 'Ann', S: 'Bea', W: 'Cy', N: 'Dot' } });
  expect(g2).toMatchObject({ number: 2, seating: { E: 'Bea', S: 'Cy', W: 'Dot', N: 'Ann' } });
  const bad = await call('startGame', { sessionId: s.id, seating: ['Ann', 'Bea', 'Cy', 'Zed'] });
  expect(bad).toMatchObject({ ok: false, error: { message: '"Zed" is not one of the players.' } });
  expect(await call('getSession', { sessionId: 999 })).toMatchObject({ ok: false, error: { code: 'ERR_NOT_FOUND' } });
});

test('appendEvent: the rules engine judges before the store writes', async () => {
  const s = await value<{ id: number }>('setupSession', { setup: four });
  const g = await value<{ id: number }>('startGame', { sessionId: s.id });
  const win = { type: 'mahjong', seat: 'S', value: 30, jokerless: false, from: 'W' };
  // A mah jongg from a seat the table does not have is refused with the engine's code.
  const refused = await call('appendEvent', { gameId: g.id, event: { ...win, from: undefined } });
  expect(refused).toMatchObject({
    ok: false,
    error: { code: expect.stringMatching(/./), message: expect.stringMatching(/from|selfPick/) },
  });
  expect((await value<{ events: unknown[] }>('loadGame', { gameId: g.id })).events).toEqual([]);
  // The reply is the event's place in the log, not the folded state.
  expect(await value('appendEvent', { gameId: g.id, event: win, afterSeq: 0 })).toEqual({ seq: 1 });
  // A second ending after the game is over is refused; a stale page is refused.
  expect(await call('appendEvent', { gameId: g.id, event: { type: 'wallGame' } })).toMatchObject({ ok: false });
  expect(await call('appendEvent', { gameId: g.id, event: { type: 'wallGame' }, afterSeq: 0 })).toMatchObject({
    ok: false,
    error: { code: 'ERR_CONFLICT' },
  });
  const view = await value<{ events: { seq: number; event: unknown }[] }>('loadGame', { gameId: g.id });
  expect(view.events.map((e) => e.event)).toEqual([win]);
});

test('export then import gives the same record; a bad record imports nothing', async () => {
  const s = await value<{ id: number }>('setupSession', { setup: { ...four, stakes: { centsPerPoint: 0.25 }, rules: { pivot: false } } });
  const g = await value<{ id: number }>('startGame', { sessionId: s.id });
  await value('appendEvent', { gameId: g.id, event: { type: 'mahjong', seat: 'S', value: 30, jokerless: false, from: 'W' } });
  const out = await value<{ fileName: string; text: string }>('exportSession', { sessionId: s.id });
  expect(out.fileName).toMatch(/^mahjmate-\d{4}-\d\d-\d\d-session-\d+\.json$/);
  const rec = JSON.parse(out.text);
  expect(rec).toMatchObject({
    format: 'mahjmate/table-record',
    version: 2,
    players: four.players,
    stakes: { centsPerPoint: 0.25 },
    rules: { pivot: false },
  });
  // The record is this very session: not made twice unless a copy is asked for.
  expect(await value('importRecord', { text: out.text })).toMatchObject({ id: s.id, alreadyThere: true });
  const imported = await value<{ id: number; games: number; alreadyThere?: true }>('importRecord', { text: out.text, copy: true });
  expect(imported.games).toBe(1);
  expect(imported.alreadyThere).toBeUndefined();
  const again = await value<{ text: string }>('exportSession', { sessionId: imported.id });
  expect(again.text).toBe(out.text);

  const broken = { ...rec, games: [rec.games[0], { events: [{ type: 'mahjong', seat: 'S', value: 30, jokerless: false }] }] };
  const r = await call('importRecord', { text: JSON.stringify(broken) });
  expect(r).toMatchObject({
    ok: false,
    error: {
      code: 'ERR_BAD_RECORD',
      message: expect.stringMatching(/^This file is not a table record MahjMate can import: Game 2, event 1: /),
    },
  });
  expect(await call('importRecord', { text: '{not json' })).toMatchObject({ ok: false, error: { code: 'ERR_BAD_RECORD' } });
  expect((await value<unknown[]>('listSessions')).length).toBe(2);
});

test('an unexpected failure becomes ERR_INTERNAL, not a throw', async () => {
  // A fault injected below the services (libsql's close() does not stop later queries, so we cannot use that).
  const failing = createServices({
    ...f.store,
    listSessions: () => {
      throw new Error('disk on fire');
    },
  });
  expect(await dispatch(failing, 'listSessions', undefined)).toEqual({
    ok: false,
    error: { code: 'ERR_INTERNAL', message: 'listSessions failed: disk on fire' },
  });
});

test('a played game: the reducer refuses an illegal call and the log holds only legal events', async () => {
  const s = await value<{ id: number }>('setupSession', { setup: four });
  const g = await value<{ id: number }>('startGame', { sessionId: s.id, dice: 8 });
  const ev = (event: object) => call('appendEvent', { gameId: g.id, event });
  expect(await ev({ type: 'discard', seat: 'E', tile: 'J' })).toMatchObject({ ok: true, value: { seq: 1 } });
  // A joker on the floor cannot be called (RULES §5.1).
  const refused = await ev({ type: 'call', seat: 'W', exposure: ['J', 'J', 'J'] });
  expect(refused.ok).toBe(false);
  if (!refused.ok) expect(refused.error.code).toMatch(/^ERR_/);
  expect(await ev({ type: 'discard', seat: 'S', tile: '5b' })).toMatchObject({ ok: true, value: { seq: 2 } });
  const view = await value<{
    events: { event: unknown }[];
    state: { live: { tile: string; seat: string } | null; wallRemaining: number };
    game: { dice?: number };
  }>('loadGame', { gameId: g.id });
  expect(view.events.map((e) => e.event)).toEqual([
    { type: 'discard', seat: 'E', tile: 'J' },
    { type: 'discard', seat: 'S', tile: '5B' },
  ]);
  expect(view.state.live).toMatchObject({ tile: '5B', seat: 'S' });
  expect(view.game.dice).toBe(8);
  // The cache is not the truth: fresh services on the same file fold the same state from the log.
  const fresh = createServices(f.store);
  const again = await dispatch(fresh, 'loadGame', { gameId: g.id });
  expect(again).toMatchObject({ ok: true, value: { state: { live: { tile: '5B', seat: 'S' }, wallRemaining: view.state.wallRemaining } } });
});

test('every event a table record accepts also passes the IPC event schema', async () => {
  const { parseRecord } = await import('../../src/core/record');
  const { gameEventSchema } = await import('../../src/shared/core-schema');
  const text = JSON.stringify({
    format: 'mahjmate/table-record',
    version: 2,
    players: ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    bettor: 'Eve',
    stakes: { centsPerPoint: 1 },
    rules: {},
    games: [
      {
        events: [
          { type: 'bet', on: 'S' },
          { type: 'discard', seat: 'E', tile: '5b', named: '6B' },
          { type: 'rack', seat: 'S', tap: true },
          { type: 'call', seat: 'W', exposure: ['5B', '5B', 'J'], together: false },
          { type: 'call', seat: 'N', mahjong: true },
          { type: 'jokerExchange', seat: 'E', from: 'W', tile: '5B' },
          { type: 'dead', seat: 'N', by: 'E', upheld: false, cause: 'broke-wall', disputed: true },
          { type: 'mahjong', seat: 'S', value: 30, jokerless: false, from: 'W', category: 'quints', special: 'earthly' },
          { type: 'mahjongInError', seat: 'E', exposed: true, value: 25 },
          { type: 'wrongWall', seat: 'E' },
          { type: 'pick', seat: 'E' },
          { type: 'wallGame' },
          { type: 'retract' },
        ],
      },
    ],
  });
  const rec = parseRecord(text);
  expect(rec.ok, rec.ok ? '' : JSON.stringify(rec.error)).toBe(true);
  if (!rec.ok) return;
  for (const e of rec.value.games[0]!.events) {
    const r = gameEventSchema.safeParse(e);
    expect(r.success, `${JSON.stringify(e)}: ${r.success ? '' : r.error.message}`).toBe(true);
    if (r.success) expect(r.data).toEqual(e);
  }
});
