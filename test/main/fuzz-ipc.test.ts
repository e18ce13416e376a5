// Fuzzing every IPC channel (issue 7.2b), fixed seed, through dispatch on a real store: wrong
// types, huge strings, deep nesting, prototype-pollution keys. No throw, every refusal with an
// ERR_ code and a reason, nothing written on a refusal, Object.prototype untouched.
import { expect, test } from 'vitest';
import { CHANNELS } from '../../src/shared/channels';
import { fuzzIpc, runIpcCase, seedStore } from '../../tools/security/fuzz';
import { useServices } from './fixture';

const fx = useServices();

test('1,000 malformed payloads over every channel are refused with a reason and change nothing', async () => {
  const store = fx.store;
  await seedStore(store);
  const f = await fuzzIpc(store, 1_000, 777);
  expect(f.crashes).toEqual([]);
  expect(f.failures).toEqual([]);
  expect(f.refused).toBeGreaterThan(900);
}, 180_000);

test('every channel, each given the classic hostile payloads', async () => {
  const store = fx.store;
  await seedStore(store);
  const services = fx.services;
  const proto = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
  const f = { cases: 0, crashes: [] as string[], failures: [] as string[], refused: 0, accepted: 0 };
  let deep: unknown = 1;
  for (let i = 0; i < 50_000; i++) deep = { a: deep };
  const hostile: unknown[] = [
    null,
    42,
    'x'.repeat(30_000_000),
    JSON.parse('{"__proto__":{"polluted":true}}'),
    JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
    { gameId: 1, event: JSON.parse('{"type":"pick","seat":"E","__proto__":{"polluted":true}}') },
    { name: 'A'.repeat(10_000) },
    { id: -1, name: 'Ann' },
    { sessionId: 1e300 },
    deep,
    [deep],
  ];
  for (const channel of CHANNELS) for (const payload of hostile) await runIpcCase(f, store, services, proto, { channel, payload });
  expect(f.crashes).toEqual([]);
  expect(f.failures).toEqual([]);
  // None of these is a valid input for any channel: all refused.
  expect(f.accepted).toBe(0);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
}, 180_000);
