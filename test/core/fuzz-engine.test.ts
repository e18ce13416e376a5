// Fuzzing the rules engine (issue 7.2a), fixed seed: random and adversarial event streams never
// make apply()/replayGame() throw; every refusal has a code and a message and leaves the state
// as it was. bench/fuzz.ts runs 10,000 cases.
import { expect, test } from 'vitest';
import { fuzzEngine } from '../../tools/security/fuzz';

test('600 fuzzed games: no crash, every refusal with a reason, state unchanged on refusal', () => {
  const f = fuzzEngine(600, 424242);
  expect(f.crashes).toEqual([]);
  expect(f.failures).toEqual([]);
  expect(f.cases).toBe(600);
  // The fuzzer reaches both sides: events accepted and events refused.
  expect(f.accepted).toBeGreaterThan(500);
  expect(f.refused).toBeGreaterThan(500);
}, 120_000);
