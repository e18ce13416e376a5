import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// Issue 25, item 3 through `replay`: the three rulings whole games got wrong (test/core/picked-claim,
// dead-exposure and three-dead-value test the engine itself).
const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const replay = (events: unknown[]) => {
  const doc = {
    format: 'mahjmate/table-record',
    version: 2,
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    rules: {},
    games: [{ events }],
  };
  return spawnSync(tsx, [join(root, 'tools', 'replay.ts'), '-'], { cwd: root, encoding: 'utf8', input: JSON.stringify(doc) });
};
const d = (seat: string, tile: string) => ({ type: 'discard', seat, tile });

test('a claim by the player who has picked is refused: exit 2, one line naming the event', () => {
  const r = replay([d('E', '1B'), d('S', '5B'), { type: 'pick', seat: 'W' }, { type: 'call', seat: 'W', exposure: ['5B', '5B', '5B'] }]);
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(
    "game 1, event 4: West has picked from the wall: she can no longer claim South's Five Bam (the others may still call it while its window is open)\n",
  );
});

test('a hand dead for its own exposure: its tiles leave the exposed counts', () => {
  const r = replay([
    d('E', '5B'),
    { type: 'call', seat: 'S', exposure: ['5B', '5B', 'J'] },
    d('S', '1D'),
    { type: 'dead', seat: 'S', by: 'W', cause: 'incorrect-exposure' },
  ]);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const g = JSON.parse(r.stdout).games[0];
  expect(g.dead).toEqual(['S']);
  expect(g.tiles['5B']).toEqual({ discarded: 0, exposed: 0, unseen: 4 });
  expect(g.tiles.J).toEqual({ discarded: 0, exposed: 0, unseen: 8 });
});

test('three dead after a mah jongg in error without its value: replay asks for it and exits 2', () => {
  const dead = (seat: string) => ({ type: 'dead', seat, by: 'E' });
  const r = replay([d('E', '1B'), d('S', '2B'), { type: 'mahjongInError', seat: 'W', exposed: true }, dead('N'), dead('S')]);
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(
    "game 1, event 5: What was West's hand worth? Three hands are dead: West erred first and pays East twice that (rule c). Give it on her mah jongg in error.\n",
  );
});
