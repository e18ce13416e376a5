import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// Issue 25, item 4 through `replay`: the older app's version 1 file (test/records/v1-old-app.md)
// replays (exit 0, the summary on stdout) with a note on stderr naming the game and the events.
const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

test('replay of a version 1 file prints the summary and a note naming game 2 and its events', () => {
  const r = spawnSync(tsx, [join(root, 'tools', 'replay.ts'), join(root, 'test', 'records', 'v1-old-app.json')], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(r.status).toBe(0);
  expect(r.stderr).toBe(
    'note: game 2: this version 1 record is read with picks optional event by event: events 6, 7, 8 and 11 (discards without a recorded pick after the pick at event 4) now count a pick and can be called; the app that wrote this file read them as made before picking (nobody could call them and the wall did not go down)\n',
  );
  expect(JSON.parse(r.stdout).games.map((g: { wallRemaining: number }) => g.wallRemaining)).toEqual([95, 90, 96]);
});
