// Fuzzing the share server's request parsing: 10,000 raw requests to a real server, fixed seed.
import { afterEach, expect, test } from 'vitest';
import { fuzzShare } from '../../tools/security/fuzz-share';
import { get, shareFixture } from './share-helpers';

let f: Awaited<ReturnType<typeof shareFixture>> | undefined;
afterEach(async () => {
  await f?.cleanup();
});

test('10,000 random and hostile requests: every one answered, nothing given away, nothing written, still serving', async () => {
  f = await shareFixture(64);
  const s = await f.on();
  const before = f.written();
  const server = f.share.server()!;
  const figures = await fuzzShare(server.port, server.token, [], 10_000, 15);
  console.log('share fuzz answers by status:', JSON.stringify(figures.byStatus));
  expect(figures.cases).toBe(10_000);
  expect(figures.crashes).toEqual([]);
  expect(figures.failures).toEqual([]);
  // The fuzzer reaches both sides: refusals and the page's own answers.
  expect(figures.byStatus['404']).toBeGreaterThan(1_000);
  expect(figures.byStatus['200']).toBeGreaterThan(150);
  expect(f.written()).toBe(before);
  expect((await get(s.url!)).status).toBe(200);
}, 240_000);
