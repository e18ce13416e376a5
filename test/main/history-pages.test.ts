import { expect, test } from 'vitest';
import type { SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

/**
 * History reads a page of sessions at a time (listSessions' `offset`): the pages, newest first,
 * follow on without a gap or a repeat, and a bad offset is refused in a sentence. Real services
 * on a real SQLite file.
 */
const f = useServices();

test('pages of sessions follow on, newest first, without a gap or a repeat', async () => {
  const players = ['Ann', 'Bea', 'Cy', 'Dot'];
  // Two sessions on the same evening: the newer id comes first, as on the first page.
  for (let day = 1; day <= 6; day++)
    f.store.createSession({ players, seating: players, stakes: { centsPerPoint: 1 } }, `2026-01-0${Math.ceil(day / 2)}T19:00:00.000Z`);
  const all = await f.value<SessionSummary[]>('listSessions', { limit: 100 });
  expect(all.map((s) => s.id)).toEqual([6, 5, 4, 3, 2, 1]);
  const pages: number[] = [];
  for (let offset = 0; offset < 8; offset += 4)
    pages.push(...(await f.value<SessionSummary[]>('listSessions', { limit: 4, offset })).map((s) => s.id));
  expect(pages).toEqual([6, 5, 4, 3, 2, 1]);
  expect(await f.value('listSessions', { limit: 4, offset: 6 })).toEqual([]);
  expect(await f.refusal('listSessions', { limit: 4, offset: -1 })).toMatch(/offset/);
});
