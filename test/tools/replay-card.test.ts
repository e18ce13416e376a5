// `npm run replay` on a record that carries its card: each declared hand the card disagrees with
// is a `note:` line on stderr; the summary and the exit code are as without the card.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const replay = (input: string) => spawnSync(tsx, [join(root, 'tools', 'replay.ts'), '-'], { cwd: root, encoding: 'utf8', input });

const record = (card: boolean) =>
  JSON.stringify({
    format: 'mahjmate/table-record',
    version: 2,
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    stakes: { centsPerPoint: 1 },
    rules: {},
    ...(card ? { card: { text: 'card "Test"\nsection "S"\n25 X 5555a NNNN EEE WWW\n30 X 5555a 666a 777a FFFF\n' } } : {}),
    games: [
      {
        events: [
          { type: 'discard', seat: 'E', tile: '5B' },
          { type: 'call', seat: 'S', exposure: ['5B', '5B', '5B', 'J'] },
          { type: 'discard', seat: 'S', tile: '1C' },
          { type: 'discard', seat: 'W', tile: '2C' },
          { type: 'discard', seat: 'N', tile: '3C' },
          { type: 'discard', seat: 'E', tile: '4C' },
          { type: 'mahjong', seat: 'S', value: 35, jokerless: false, selfPick: true },
        ],
      },
    ],
  });

test('a value no fitting hand has: a note on stderr, exit 0, the same summary as without the card', () => {
  const withCard = replay(record(true));
  const without = replay(record(false));
  expect(without.stderr).toBe('');
  expect(withCard.status).toBe(0);
  expect(withCard.stderr).toBe(
    "note: game 1, event 7: no hand worth 35 fits South's exposures (kong of Five Bam); these do: S #2 (30), S #1 (25)\n",
  );
  expect(withCard.stdout).toBe(without.stdout);
  expect(JSON.parse(withCard.stdout).games[0]).toMatchObject({ winner: 'S', selfPick: true });
});
