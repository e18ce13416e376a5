/**
 * The group card (issue 40). Prints:
 * - `card.check_ms_p95`: one hand checked against a 60-hand card in the worst case (every hand
 *   with three suit letters and `any`, two alternatives, jokers in the hand, an exposure, and no
 *   hand matching, so every suit choice and shift of every pattern is tried) on a card just
 *   read: the first hand checked. 95th percentile of 200 runs, each on its own card.
 * - `card.match_ms_p95_warm`: the same on a card that has checked a hand before (every later
 *   hand at the table).
 * - `card.read_and_check_ms_p95`: reading the card's text as well, as `npm run -s hand` does.
 * - `card.parse_fuzz_crashes` and `card.parse_fuzz_failures`: 10,000 random and mutated cards
 *   (tools/security/fuzz-card.ts); exits 1 if either is not 0.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchHand, parseCard, type Card } from '../src/core/card';
import type { Tile } from '../src/core/tiles';
import { fuzzCards } from '../tools/security/fuzz-card';

const root = join(import.meta.dirname, '..');

/**
 * 60 hands, each `any` with three suit letters and two alternatives of sets jokers may fill, and
 * no wind or Flower, so that no pattern is ruled out before its suits and shifts are tried.
 */
const SHAPES = [
  '11111a 1111b 11111c | 1111a 11111b 1111c 1a',
  '11a 222a 3333b 4444c 5c | 111a 2222b 3333c 444c',
  '1111a 22222b 3333c 4c | 11111a 2222b 22c DDDa',
  '111a 111b 1111c 2222c | 111a 1111b 111c 3333a',
  '12a 111b 2222b 33333c | 123a 1111b 2222c 333c',
  '1111a DDDa 111b 111c 2c | 11a DDDDa 1111b 1111c',
];
const cardText = (): string => {
  const lines = ['card "Worst case" year=2026'];
  for (let s = 0; s < 6; s++) {
    lines.push(`section "S${s + 1}"`);
    for (let h = 0; h < 10; h++) lines.push(`${25 + h * 5} X any ${SHAPES[(s + h) % SHAPES.length]}`);
  }
  return lines.join('\n');
};
const text = cardText();
const first = parseCard(text);
if (!first.ok) throw new Error(`the worst-case card does not read: ${first.error[0]!.message}`);
if (first.value.hands.length !== 60) throw new Error('the worst-case card is not 60 hands');

// Jokers, an exposure, three suits, only numbers, and no hand of the card matching.
const hand = {
  tiles: ['5B', '5B', '5B', 'J', '6C', '6C', '6C', 'J', '7D', '7D', '7D', 'J', '8D', '8D'] as Tile[],
  exposures: [['5B', '5B', '5B', 'J']] as Tile[][],
};
if (matchHand(first.value, hand).matches.length !== 0) throw new Error('the worst-case hand should match nothing');

const pct = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * q) - 1]!;
const p95 = (xs: number[]): number => pct(xs, 0.95);
const time = (f: () => void): number => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};
// The first hand checked against a card just read. Each run gets its own card, read before the
// clock starts.
const fresh = Array.from({ length: 220 }, () => {
  const c = parseCard(text);
  if (!c.ok) throw new Error('the worst-case card does not read');
  return c.value;
});
const coldRuns = fresh.map((c) => time(() => matchHand(c, hand))).slice(20);
const command = (): void => {
  const c = parseCard(text);
  if (c.ok) matchHand(c.value, hand);
};
for (let i = 0; i < 20; i++) command();
const commandRuns = Array.from({ length: 200 }, () => time(command));
const card: Card = first.value;
matchHand(card, hand);
const warmRuns = Array.from({ length: 200 }, () => time(() => matchHand(card, hand)));
console.log(`card.check_ms_p95: ${p95(coldRuns).toFixed(2)}`);
console.log(`card.check_ms_p50: ${pct(coldRuns, 0.5).toFixed(2)}`);
console.log(`card.match_ms_p95_warm: ${p95(warmRuns).toFixed(2)}`);
console.log(`card.read_and_check_ms_p95: ${p95(commandRuns).toFixed(2)}`);

const fuzz = fuzzCards(10_000, 2026, readFileSync(join(root, 'resources', 'cards', 'sample-card.txt'), 'utf8'));
console.log(`card.parse_fuzz_cases: ${fuzz.cases}`);
console.log(`card.parse_fuzz_crashes: ${fuzz.crashes.length}`);
console.log(`card.parse_fuzz_failures: ${fuzz.failures.length}`);
for (const c of [...fuzz.crashes, ...fuzz.failures].slice(0, 5)) process.stderr.write(`${c}\n`);
if (fuzz.crashes.length + fuzz.failures.length > 0) process.exit(1);
