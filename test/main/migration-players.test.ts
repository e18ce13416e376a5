import { afterEach, expect, test } from 'vitest';
import { APPLICATION_ID } from '../../electron/main/store/db';
import { MIGRATIONS } from '../../electron/main/store/migrations';
import { createServices, dispatch } from '../../electron/main/services/dispatch';
import { openSqlite } from '../../electron/main/store/sqlite';
import { openStore, type Store } from '../../electron/main/store/store';
import type { SessionSummary } from '../../src/shared/types';
import { tempDir } from './tmp';

/**
 * Migration 9 on a file an earlier version left, where sessions and games held names: each name
 * becomes its roster player, a name changed by a rename before the upgrade is kept as her former
 * name, and the Stats figures already worked out are kept (they are by position, and true).
 */
let t: ReturnType<typeof tempDir>;
let store: Store | undefined;
afterEach(() => {
  store?.close();
  t.cleanup();
});

test('sessions and games that held names refer to roster players after the upgrade', async () => {
  t = tempDir();
  const db = openSqlite(t.db);
  db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
  db.exec('CREATE TABLE schema_version (version INTEGER NOT NULL PRIMARY KEY, applied_at TEXT NOT NULL) STRICT');
  for (const m of MIGRATIONS.filter((x) => x.version < 9)) {
    m.up(db);
    db.prepare('INSERT INTO schema_version VALUES (?, ?)').run(m.version, '2026-01-01');
  }
  const at = '2026-01-01T19:00:00.000Z';
  // Cy was renamed Cyd after this session: the roster says Cyd, the session still says Cy.
  for (const name of ['Ann', 'Bea', 'Cyd', 'Dot', 'Eve']) db.prepare('INSERT INTO players (name, created_at) VALUES (?, ?)').run(name, at);
  const players = ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'];
  db.prepare('INSERT INTO sessions (created_at, setup) VALUES (?, ?)').run(
    at,
    JSON.stringify({ players, seating: ['Ann', 'Bea', 'Cy', 'Dot'], bettor: 'Eve', stakes: { centsPerPoint: 2 }, rules: {} }),
  );
  players.forEach((_, i) => db.prepare('INSERT INTO session_players VALUES (1, ?, ?)').run(i + 1, i));
  const game = db.prepare('INSERT INTO games (session_id, number, seating, bettor, own_seating, started_at) VALUES (1, ?, ?, ?, ?, ?)');
  game.run(1, JSON.stringify(['Ann', 'Bea', 'Cy', 'Dot']), 'Eve', 0, at);
  game.run(2, JSON.stringify(['Cy', 'Eve', 'Bea', 'Dot']), 'Ann', 1, at);
  db.prepare('INSERT INTO events VALUES (1, 1, ?, ?, ?)').run(
    'mahjong',
    JSON.stringify({ type: 'mahjong', seat: 'W', value: 25, jokerless: false, from: 'N' }),
    at,
  );
  db.prepare('INSERT INTO events VALUES (2, 1, ?, ?, ?)').run('wallGame', JSON.stringify({ type: 'wallGame' }), at);
  const figures = JSON.stringify(players.map(() => ({ games: 1, wins: 0, selfPicks: 0, jokerlessWins: 0, valueSum: 0, cents: 0 })));
  db.prepare('INSERT INTO session_stats VALUES (1, ?)').run(figures);
  db.close();

  store = openStore(t.db);
  const s = store.getSession(1)!;
  expect(s.players).toEqual(['Ann', 'Bea', 'Cyd', 'Dot', 'Eve']);
  expect(s.setup).toMatchObject({ seating: ['Ann', 'Bea', 'Cyd', 'Dot'], bettor: 'Eve', stakes: { centsPerPoint: 2 } });
  expect(s.gameList.map((g) => [g.seating.E, g.bettor])).toEqual([
    ['Ann', 'Eve'],
    ['Cyd', 'Ann'],
  ]);
  expect(store.seatingOverrides(1)).toEqual([undefined, { seating: ['Cyd', 'Eve', 'Bea', 'Dot'], bettor: 'Ann' }]);
  expect(store.db.prepare('SELECT figures FROM session_stats WHERE session_id = 1').get()).toMatchObject({ figures });
  expect(
    store
      .listPlayers()
      .map((p) => p.name)
      .sort(),
  ).toEqual(['Ann', 'Bea', 'Cyd', 'Dot', 'Eve']);

  // The session's ledger replays under the names now, and its old export imports back onto Cyd.
  const services = createServices(store);
  const ledger = await dispatch(services, 'sessionLedger', { sessionId: 1 });
  expect(ledger.ok && (ledger.value as { games: { winner: string | null }[] }).games[0]!.winner).toBe('Cyd');
  const old = { format: 'mahjmate/table-record', version: 1, players, seating: ['Ann', 'Bea', 'Cy', 'Dot'], bettor: 'Eve', games: [] };
  const imported = await dispatch(services, 'importRecord', { text: JSON.stringify(old) });
  expect(imported.ok && (imported.value as SessionSummary).players).toEqual(['Ann', 'Bea', 'Cyd', 'Dot', 'Eve']);
  expect(store.listPlayers()).toHaveLength(5);
});
