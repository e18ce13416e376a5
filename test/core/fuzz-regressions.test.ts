// Inputs the fuzzers (tools/security/fuzz.ts) made crash, kept as fixed cases.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { describeRecordError, parseRecord, replaySession } from '../../src/core/record';

const five = readFileSync(join(import.meta.dirname, '../records/five-bettor.json'), 'utf8');
const withDoc = (edit: (doc: Record<string, unknown>) => void): string => {
  const doc = JSON.parse(five) as Record<string, unknown>;
  edit(doc);
  return JSON.stringify(doc);
};

test('a stake of 1e308 cents a point is refused with a reason (replay threw "nets do not sum to zero (NaN)")', () => {
  const r = parseRecord(withDoc((d) => (d['stakes'] = { centsPerPoint: 1e308 })));
  expect(r.ok).toBe(false);
  if (!r.ok) expect(describeRecordError(r.error)).toMatch(/centsPerPoint: cents per point must be more than 0 and at most 10,000/);
  // The largest stake still replays.
  const fine = parseRecord(withDoc((d) => (d['stakes'] = { centsPerPoint: 10_000 })));
  expect(fine.ok && replaySession(fine.value).ok).toBe(true);
});

test('a hand value beyond a safe integer is refused with a reason', () => {
  const text = withDoc((d) => {
    const games = d['games'] as { events: Record<string, unknown>[] }[];
    const m = games.flatMap((g) => g.events).find((e) => e['type'] === 'mahjong')!;
    m['value'] = 1e300;
  });
  const r = parseRecord(text);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(describeRecordError(r.error)).toMatch(/hand value/);
});
