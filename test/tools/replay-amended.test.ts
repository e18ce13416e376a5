import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { amendEvents } from '../../src/core/amend';
import type { GameEvent } from '../../src/core/events';
import { makeRecord, serialiseRecord } from '../../src/core/record';
import { OFFICIAL_RULES } from '../../src/core/rules';

const root = join(import.meta.dirname, '..', '..');
const replay = (input: string) =>
  spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'tools', 'replay.ts'), '-'], { cwd: root, encoding: 'utf8', input });

const D = (seat: 'E' | 'S' | 'W' | 'N', tile: string): GameEvent => ({ type: 'discard', seat, tile }) as GameEvent;
const typed = [D('E', '1B'), D('S', '7B'), { type: 'call', seat: 'W', exposure: ['7B', '7B', '7B'] } as GameEvent, D('W', '9C')];
const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };

test('npm run replay honours amendments: the fixed game, its fixes listed; a trail that does not match exits 2', () => {
  const r = amendEvents(
    typed,
    { players: 4, bettor: false, rules: OFFICIAL_RULES },
    [
      { at: 2, action: 'replace', event: D('S', '7D') },
      { at: 3, action: 'replace', event: { type: 'call', seat: 'W', exposure: ['7D', '7D', '7D'] } },
    ],
    '2026-11-25T07:00:00.000Z',
  );
  if (!r.ok) throw new Error(r.error.message);
  const text = serialiseRecord(makeRecord({ ...four, games: [{ events: r.value.events, amendments: r.value.amendments }] }));
  const ok = replay(text);
  expect(ok.stderr).toBe('');
  expect(ok.status).toBe(0);
  const game = JSON.parse(ok.stdout).games[0];
  expect(game.tiles['7D']).toEqual({ discarded: 0, exposed: 3, unseen: 1 });
  expect(game.amendments).toEqual([
    'Fixed: event 2, Seven Bam by South is now Seven Dot by South (2026-11-25T07:00:00.000Z)',
    'Fixed: event 3, a pung of Seven Bam called by West is now a pung of Seven Dot called by West (2026-11-25T07:00:00.000Z)',
  ]);
  const bad = replay(text.replace('"tile": "7D"', '"tile": "8D"'));
  expect(bad.status).toBe(2);
  expect(bad.stdout).toBe('');
  expect(bad.stderr).toMatch(/^game 1: amendment \d \(event \d\) does not match the events/);
});
