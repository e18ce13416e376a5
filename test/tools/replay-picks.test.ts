import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

// Issue 13, bug A through `replay` (the headless interface): one recorded pick must not turn
// every later discard into a discard "before picking".
const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const replay = (doc: unknown) =>
  spawnSync(tsx, [join(root, 'tools', 'replay.ts'), '-'], { cwd: root, encoding: 'utf8', input: JSON.stringify(doc) });
const record = (events: unknown[]) => ({
  format: 'mahjmate/table-record',
  version: 2,
  players: ['Ann', 'Bea', 'Cy', 'Dot'],
  seating: ['Ann', 'Bea', 'Cy', 'Dot'],
  rules: {},
  games: [{ events }],
});
const d = (seat: string, tile: string, more: object = {}) => ({ type: 'discard', seat, tile, ...more });

describe('replay: a pick is optional event by event', () => {
  const game = [
    d('E', '1B'),
    d('S', '2B'),
    d('W', '3B'),
    { type: 'pick', seat: 'N' },
    d('N', '4B'),
    d('E', '5B'),
    d('S', '6B'),
    d('W', '7B'),
  ];

  test('a call by South on West’s discard after one recorded pick is accepted', () => {
    const r = replay(record([...game, { type: 'call', seat: 'S', exposure: ['7B', '7B', '7B'] }]));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const g = JSON.parse(r.stdout).games[0];
    expect(g.wallRemaining).toBe(93);
    expect(g.tiles['7B']).toEqual({ discarded: 0, exposed: 3, unseen: 1 });
  });

  test('the live discard’s window is open and the wall count keeps going down', () => {
    const r = replay(record(game));
    expect(r.status).toBe(0);
    const g = JSON.parse(r.stdout).games[0];
    expect(g.live).toEqual({ tile: '7B', seat: 'W', window: 'open' });
    expect(g.wallRemaining).toBe(93);
  });

  test('a discard flagged beforePick is closed to calls and takes nothing from the wall', () => {
    const ok = replay(record([d('E', '1B'), d('S', '2B'), d('W', '3B', { beforePick: true })]));
    expect(ok.status).toBe(0);
    const g = JSON.parse(ok.stdout).games[0];
    expect(g.live).toBeNull();
    expect(g.wallRemaining).toBe(98);
    const refused = replay(
      record([d('E', '1B'), d('S', '2B'), d('W', '3B', { beforePick: true }), { type: 'call', seat: 'N', exposure: ['3B', '3B', '3B'] }]),
    );
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe('game 1, event 4: West discarded the Three Bam before picking: nobody may call it\n');
  });
});
