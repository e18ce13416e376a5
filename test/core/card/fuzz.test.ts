// The card parser fuzzed, fixed seed: 10,000 random and mutated cards never make the parser or
// the matcher throw, and every refusal is one sentence naming its line (tools/security/fuzz-card.ts).
import { expect, test } from 'vitest';
import { fuzzCards } from '../../../tools/security/fuzz-card';
import { sampleText } from './helpers';

test('10,000 random and mutated cards: no crash, every problem a sentence naming its line', () => {
  // Every case read by parseCard; every tenth also by readCardText and checkCard, which must agree
  // (bench/card.ts cross-checks all 10,000).
  const f = fuzzCards(10_000, 4040, sampleText, 10);
  expect(f.crashes).toEqual([]);
  expect(f.failures).toEqual([]);
  expect(f.cases).toBe(10_000);
  // The fuzzer reaches both sides: cards that read and cards refused.
  expect(f.read).toBeGreaterThan(300);
  expect(f.refused).toBeGreaterThan(3000);
}, 240_000);
