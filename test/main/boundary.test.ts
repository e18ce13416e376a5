// One source of truth at the IPC boundary: what main accepts from the page is exactly what the
// record reader accepts from a file, so a session's own export always imports again.
import { expect, test } from 'vitest';
import { parseRecord } from '../../src/core/record';
import type { ExportedRecord, SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

const f = useServices();
const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };

test('a house-rule switch outside its listed values is refused at setup with a sentence, and nothing is saved', async () => {
  expect(await f.refusal('setupSession', { setup: { ...four, rules: { rule_b_value: 'nonsense' } } })).toMatch(
    /^The house rule "three dead \(b\) value" must be the erring hand’s value or the survivor’s hand value, not "nonsense"/,
  );
  expect(await f.refusal('setupSession', { setup: { ...four, rules: { challengePenalty: 2.5 } } })).toMatch(
    /^The house rule "wrong challenge cost" must be a whole number of points from 0 to 10000, not 2.5/,
  );
  expect(await f.refusal('setupSession', { setup: { ...four, rules: { hotWall: true } } })).toMatch(/does not know \("hotWall"\)/);
  expect(await f.value<SessionSummary[]>('listSessions')).toEqual([]);
});

test('a session set up with house rules exports a record that imports as the same session', async () => {
  const rules = { rule_b_value: 'survivorHand', challengePenalty: 25, pivot: false };
  const s = await f.value<SessionSummary>('setupSession', {
    setup: { ...four, rules, stakes: { centsPerPoint: 0.5 }, pie: { points: 100 } },
  });
  const out = await f.value<ExportedRecord>('exportSession', { sessionId: s.id });
  const again = await f.value<SessionSummary>('importRecord', { text: out.text });
  expect((await f.value<ExportedRecord>('exportSession', { sessionId: again.id })).text).toBe(out.text);
});

test('players whose names differ only in case are refused by every door (the roster keeps them as one)', async () => {
  expect(await f.refusal('setupSession', { setup: { players: ['Ann', 'ann', 'Cy'], seating: ['Ann', 'ann', 'Cy'] } })).toMatch(
    /"ann" is at the table twice/,
  );
  const text = JSON.stringify({
    format: 'mahjmate/table-record',
    version: 2,
    players: ['Ann', 'ann', 'Cy'],
    seating: ['Ann', 'ann', 'Cy'],
    rules: {},
    games: [],
  });
  const rec = parseRecord(text);
  expect(!rec.ok && rec.error.message).toMatch(/"ann" is at the table twice/);
  expect(await f.refusal('importRecord', { text })).toMatch(/"ann" is at the table twice/);
  expect(await f.value<SessionSummary[]>('listSessions')).toEqual([]);
});

test('every refusal carries a code from the one closed set (the app’s codes and the rules engine’s)', async () => {
  const { APP_ERROR_CODES } = await import('../../src/shared/reply');
  const { RuleCode } = await import('../../src/core/errors');
  const known = new Set<string>([...APP_ERROR_CODES, ...Object.values(RuleCode)]);
  const s = await f.value<SessionSummary>('setupSession', { setup: four });
  const g = await f.value<{ id: number }>('startGame', { sessionId: s.id });
  const replies = [
    await f.call('noSuchChannel', {}),
    await f.call('getSession', { sessionId: 999 }),
    await f.call('appendEvent', { gameId: g.id, event: { type: 'call', seat: 'W', exposure: ['J', 'J', 'J'] } }),
    await f.call('appendEvent', { gameId: g.id, event: { type: 'discard', seat: 'E', tile: '5B' }, afterSeq: 3 }),
    await f.call('importRecord', { text: '{' }),
    await f.call('addPlayer', { name: '' }),
  ];
  const codes = replies.map((r) => (r.ok ? 'accepted' : r.error.code));
  expect(codes).toEqual([
    'ERR_UNKNOWN_CHANNEL',
    'ERR_NOT_FOUND',
    expect.stringMatching(/^ERR_/),
    'ERR_CONFLICT',
    'ERR_BAD_RECORD',
    'ERR_BAD_INPUT',
  ]);
  // The rules engine's refusal keeps its own code.
  expect(Object.values(RuleCode) as string[]).toContain(codes[2]);
  for (const c of codes) expect(known.has(c), c).toBe(true);
});
