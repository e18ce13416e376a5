import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// Issue 13, bug B through `replay`: a fifth One Crak is an illegal event (exit 2, one line).
const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

test('replay refuses a fifth copy, naming the tile and the count, and prints nothing', () => {
  const events = ['E', 'S', 'W', 'N', 'E'].map((seat) => ({ type: 'discard', seat, tile: '1c' }));
  const doc = {
    format: 'mahjmate/table-record',
    version: 2,
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    rules: {},
    games: [{ events }],
  };
  const r = spawnSync(tsx, [join(root, 'tools', 'replay.ts'), '-'], { cwd: root, encoding: 'utf8', input: JSON.stringify(doc) });
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe('game 1, event 5: All four One Craks are already in sight: is it a One Bam or a One Dot?\n');
  const four = spawnSync(tsx, [join(root, 'tools', 'replay.ts'), '-'], {
    cwd: root,
    encoding: 'utf8',
    input: JSON.stringify({ ...doc, games: [{ events: events.slice(0, 4) }] }),
  });
  expect(four.status).toBe(0);
  expect(JSON.parse(four.stdout).games[0].tiles['1C']).toEqual({ discarded: 4, exposed: 0, unseen: 0 });
});
