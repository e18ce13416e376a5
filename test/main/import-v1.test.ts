import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import type { SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

/**
 * Issue 25, item 4: a version 1 record written by the older app (test/records/v1-old-app.md)
 * imports whole; the reply carries the note the History screen shows (not an error), and the
 * session it makes exports as version 2. Real services on a real SQLite file.
 */
const RECORD = readFileSync(resolve(import.meta.dirname, '../records/v1-old-app.json'), 'utf8');
type Imported = SessionSummary & { alreadyThere?: true; notes?: string[] };

const f = useServices();

test('importing the older app’s file: every game, and a note naming game 2 and its events', async () => {
  const imported = await f.value<Imported>('importRecord', { text: RECORD });
  expect(imported.games).toBe(3);
  expect(imported.notes).toEqual([
    expect.stringMatching(
      /^game 2: this version 1 record is read with picks optional event by event: events 6, 7, 8 and 11 \(discards without a recorded pick/,
    ),
  ]);
  const out = await f.value<{ text: string }>('exportSession', { sessionId: imported.id });
  expect(JSON.parse(out.text)).toMatchObject({ version: 2, games: JSON.parse(RECORD).games });
  // Its own export, imported again, is already here and says nothing more.
  const again = await f.value<Imported>('importRecord', { text: out.text });
  expect(again).toMatchObject({ id: imported.id, alreadyThere: true });
  expect(again.notes).toBeUndefined();
});
