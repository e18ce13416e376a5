import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// Issue 37, item 6 through `replay`: the winning tile of a mah jongg on a discard stays counted as
// discarded (docs/table-record.md): it is in sight, laid with the winner's hand. A tile called for
// an exposure first is counted in that exposure, once.
const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const replay = (games: { events: object[] }[]) => {
  const doc = {
    format: 'mahjmate/table-record',
    version: 2,
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    rules: {},
    games,
  };
  const r = spawnSync(tsx, [join(root, 'tools', 'replay.ts'), '-'], { cwd: root, encoding: 'utf8', input: JSON.stringify(doc) });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout).games as {
    winner: string;
    discarder: string;
    tiles: Record<string, { discarded: number; exposed: number; unseen: number }>;
  }[];
};

test('replay keeps the winning discard in the counts, whether the mah jongg was called or implied', () => {
  const opening = [
    { type: 'discard', seat: 'E', tile: '5b' },
    { type: 'discard', seat: 'S', tile: '3d' },
  ];
  const [implied, called, exposedFirst] = replay([
    { events: [...opening, { type: 'mahjong', seat: 'W', value: 25, jokerless: false, from: 'S' }] },
    { events: [...opening, { type: 'call', seat: 'N', mahjong: true }, { type: 'mahjong', seat: 'N', value: 25, jokerless: false }] },
    // Called for a pung, then it was mah jongg: the Three Dot is in her exposure, counted there only.
    {
      events: [
        ...opening,
        { type: 'call', seat: 'W', exposure: ['3d', '3d', '3d'] },
        { type: 'mahjong', seat: 'W', value: 25, jokerless: false },
      ],
    },
  ]);
  expect(implied).toMatchObject({ winner: 'W', discarder: 'S' });
  expect(implied!.tiles['3D']).toEqual({ discarded: 1, exposed: 0, unseen: 3 });
  expect(implied!.tiles['5B']).toEqual({ discarded: 1, exposed: 0, unseen: 3 });
  expect(called).toMatchObject({ winner: 'N', discarder: 'S' });
  expect(called!.tiles['3D']).toEqual({ discarded: 1, exposed: 0, unseen: 3 });
  expect(exposedFirst).toMatchObject({ winner: 'W', discarder: 'S' });
  expect(exposedFirst!.tiles['3D']).toEqual({ discarded: 0, exposed: 3, unseen: 1 });
});
