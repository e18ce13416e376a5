import { expect, test } from 'vitest';
import { checkAmended } from '../../tools/sim/amend';
import { simulateGame } from '../../tools/sim/game';

// Issue 25: a game recorded with random mistakes (a wrong tile, a wrong seat, a forgotten or an
// extra event, a wrong hand value; issue 37: typed as a host types, bare lines following the turn), some events undone and typed again, then fixed in place,
// ends in exactly the table and payments of the same game recorded right. bench/sim-amend.ts
// checks 1,000 games.
test('40 simulated games typed with mistakes and fixed equal the games typed right', () => {
  let fixes = 0;
  const kinds: string[] = [];
  for (let i = 0; i < 40; i++) {
    const seed = 5_000 + i;
    const r = checkAmended(simulateGame(seed));
    expect(r.mismatch, `seed ${seed}, mistakes ${r.mistakes.join(', ')}`).toBeNull();
    fixes += r.fixes;
    kinds.push(...r.mistakes.map((m) => m.split(' ')[0]!));
  }
  expect(fixes, 'fixes made across the games').toBeGreaterThan(40);
  // Issue 37: seat mistakes typed the way a host types (a call for the wrong seat, a bare discard
  // forgotten, the bare lines after it given to the wrong players) are a fifth of them or more.
  expect(kinds.filter((k) => k === 'seat').length / kinds.length).toBeGreaterThanOrEqual(0.2);
});

test('the check can fail: a fix that leaves a mistake in is caught', async () => {
  const { checkAmended: check } = await import('../../tools/sim/amend');
  const g = simulateGame(5_001);
  // The right game's last truth against a game with its first discard changed: the referee sees it.
  const first = g.events.findIndex((e) => e.type === 'discard');
  const wrong = {
    ...g,
    events: g.events.map((e, i) => (i === first && e.type === 'discard' ? { ...e, tile: e.tile === '1B' ? '2B' : '1B' } : e)),
  } as typeof g;
  expect(check(wrong).mismatch).not.toBeNull();
});
