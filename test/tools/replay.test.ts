import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const rec = (f: string): string => join(root, 'test', 'records', f);
const replay = (file: string, input?: string) =>
  spawnSync(tsx, [join(root, 'tools', 'replay.ts'), file], { cwd: root, encoding: 'utf8', input });

describe('npm run replay: valid records', () => {
  test('five players with a bettor: the spec illustration game and the session', () => {
    const r = replay(rec('five-bettor.json'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    const g1 = out.games[0];
    expect(g1).toMatchObject({
      number: 1,
      seating: { E: 'Ann', S: 'Bea', W: 'Cy', N: 'Dot' },
      bettor: 'Eve',
      betOn: 'S',
      status: 'mahjong',
      winner: 'S',
      selfPick: false,
      discarder: 'W',
      dead: [],
      // S wins 30 on W's discard, Eve backed S: the spec's illustration nets.
      net: { Ann: -60, Bea: 120, Cy: -120, Dot: -60, Eve: 120 },
    });
    expect(g1.payments).toContainEqual({ from: 'Cy', to: 'Bea', points: 60 });
    expect(g1.payments).toContainEqual({ from: 'Cy', to: 'Eve', points: 60 });
    expect(Object.keys(g1.tiles)).toHaveLength(36);
    for (const [t, c] of Object.entries(g1.tiles) as [string, { discarded: number; exposed: number; unseen: number }][])
      expect(c.discarded + c.exposed + c.unseen).toBe(t === 'F' || t === 'J' ? 8 : 4);
    expect(g1.tiles.N.exposed).toBe(2);
    expect(g1.tiles['5B'].discarded).toBe(1);
    // Game 2 seating: Bea deals, Eve sits in for Ann, Ann bets (forgot): N = Eve self-picks 25 jokerless.
    expect(out.games[1]).toMatchObject({
      seating: { E: 'Bea', S: 'Cy', W: 'Dot', N: 'Eve' },
      bettor: 'Ann',
      betOn: null,
      winner: 'N',
      selfPick: true,
    });
    expect(out.games[1].net).toEqual({ Ann: -100, Bea: -100, Cy: -100, Dot: -100, Eve: 400 });
    expect(out.games[2]).toMatchObject({ status: 'wall', bettor: 'Bea', betOn: 'E', net: { Ann: 0, Bea: 0, Cy: 0, Dot: 0, Eve: 0 } });
    expect(out.session.net).toEqual({ Ann: -160, Bea: 20, Cy: -220, Dot: -160, Eve: 520 });
    expect(out.session.cents).toEqual(out.session.net);
    expect(out.session.transfers.length).toBeLessThanOrEqual(4);
    // After game 3 (Cy dealt, Bea sat out): Cy sits out, Bea takes her chair, the dice reach Dot.
    expect(out.session.nextSeating).toEqual({ E: 'Dot', S: 'Eve', W: 'Ann', N: 'Bea' });
    expect(out.session.nextBettor).toBe('Cy');
  });

  test('standard input with "-" gives the same output as the file', () => {
    const a = replay(rec('quick-four.json'));
    const b = replay('-', readFileSync(rec('quick-four.json'), 'utf8'));
    expect(a.status).toBe(0);
    expect(b.status).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(JSON.parse(a.stdout).session.cents).toEqual({ Ann: -925, Bea: 2400, Cy: -800, Dot: -675 });
  });
});

test('an unfinished game: the live discard while its window is open, the wall count, the same table next', () => {
  const r = replay(rec('live-window.json'));
  expect(r.status).toBe(0);
  const out = JSON.parse(r.stdout);
  const g2 = out.games[1];
  expect(g2).toMatchObject({ number: 2, status: 'in-progress', winner: null, selfPick: null, discarder: null, wallRemaining: 97 });
  expect(g2.seating).toEqual({ E: 'Bea', S: 'Cy', W: 'Dot', N: 'Ann' });
  expect(g2.live).toEqual({ tile: 'N', seat: 'S', window: 'open' });
  expect(g2.tiles['5B']).toEqual({ discarded: 1, exposed: 0, unseen: 3 });
  expect(out.session.nextSeating).toEqual(g2.seating);
  expect(out.session.transfers).toEqual([]);
});

describe('npm run replay: broken records exit 2 with one line on stderr', () => {
  test.each([
    ['bad-json.json', /not valid JSON/],
    ['bad-format.json', /format must be "mahjmate\/table-record"/],
    ['bad-rule.json', /does not know \("hotWall"\)/],
    ['bad-tile.json', /^game 2, event 2: .*"10B" is not a tile/],
    ['illegal-joker-call.json', /^game 2, event 4: /],
    ['no-such-file.json', /cannot read/],
  ])('%s', (file, msg) => {
    const r = replay(rec(file));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(msg);
  });
});
