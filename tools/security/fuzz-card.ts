/**
 * The card parser fuzzed (issue 40), shared by test/core/card/fuzz.test.ts and bench/card.ts:
 * random card texts (card, section, hand, comment and garbage lines from the format's own
 * alphabet) and mutations of a real card (characters deleted, inserted or replaced, lines
 * dropped, doubled or swapped, `|`, `#` and quotes thrown in). Each case runs inside try/catch:
 * a throw is a crash. What each case checks: readCardText never throws; every problem is one
 * sentence "card line N: ..." on one line whose N is the problem's line and a line of the text;
 * parseCard reads exactly when there is no problem; a card that reads has 14 tiles in every
 * hand and unique names, and matchHand and handsFitting on a random hand never throw.
 */
import fc from 'fast-check';
import { checkCard, handsFitting, matchHand, parseCard, readCardText, readDeclaredHand } from '../../src/core/card';
import { TILES, type Tile } from '../../src/core/tiles';

export type CardFuzzFigures = { cases: number; crashes: string[]; failures: string[]; read: number; refused: number };

const chars = (s: string) => fc.constantFrom(...[...s]);
const word = (alphabet: string, max: number) => fc.array(chars(alphabet), { maxLength: max }).map((cs) => cs.join(''));
const tileish = '1234567890DRGNEWSFabcJAx';
// Any code point, lone surrogates included: fast-check's own 'binary' unit builds a map of all
// 1.1 million of them first (2 s of the fuzz test).
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));

const group = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom('1', '2', '3', '5', '9', 'D', 'N', 'F', '0', 'R'),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom('', 'a', 'b', 'c'),
      )
      .map(([t, n, l]) => t.repeat(n) + (/[1-9D]/.test(t) ? l || 'a' : '')),
  },
  { weight: 1, arbitrary: fc.constantFrom('2026a', 'NEWS', '13579b', 'FF', '00', 'DDDc') },
  { weight: 1, arbitrary: word(tileish, 7) },
);
const handLine = fc
  .tuple(
    fc.oneof(fc.constantFrom('25', '30', '50', '0', '-5', '2.5', '1e3', '99999999999999999999'), word('0123456789', 4)),
    fc.constantFrom('X', 'C', 'x', 'c', 'Q', ''),
    fc.subarray(['any', 'sp', 'ANY']),
    fc.array(fc.array(group, { minLength: 0, maxLength: 8 }), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('', ' # note', '#', ' "'),
  )
  .map(([v, k, flags, alts, note]) => [v, k, ...flags, alts.map((a) => a.join(' ')).join(' | ')].join(' ') + note);
const line = fc.oneof(
  { weight: 6, arbitrary: handLine },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('section', 'SECTION', 'sectoin'), fc.string({ maxLength: 12 }), fc.constantFrom('"', '', '\u201d'))
      .map(([k, n, q]) => `${k} "${n}${q}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('card', 'Card'), fc.string({ maxLength: 12 }), fc.constantFrom('', ' year=2026', ' year=26', ' year=', ' foo'))
      .map(([k, n, y]) => `${k} "${n}"${y}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((s) => `# ${s}`) },
  { weight: 1, arbitrary: fc.string({ unit: anyCodePoint, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constant('') },
);
const randomCard = fc
  .tuple(fc.boolean(), fc.array(line, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\r'))
  .map(([header, lines, nl]) => [...(header ? ['card "Fuzz" year=2026', 'section "S"'] : []), ...lines].join(nl));

type Mutation = { at: number; kind: number; text: string };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.integer({ min: 0, max: 6 }),
  text: fc.oneof(
    fc.constantFrom('|', '#', '"', ' ', '\n', 'a', 'J', '0', 'D', 'any ', 'sp ', 'C', '\u0000', '\ufeff', '💥'),
    fc.string({ maxLength: 4 }),
  ),
});
const mutate = (text: string, ms: Mutation[]): string => {
  let t = text;
  for (const m of ms) {
    const i = t.length === 0 ? 0 : m.at % t.length;
    const lines = t.split('\n');
    const l = lines.length === 0 ? 0 : m.at % lines.length;
    if (m.kind === 0) t = t.slice(0, i) + t.slice(i + 1);
    else if (m.kind === 1) t = t.slice(0, i) + m.text + t.slice(i);
    else if (m.kind === 2) t = t.slice(0, i) + m.text + t.slice(i + 1);
    else if (m.kind === 3) t = lines.filter((_, j) => j !== l).join('\n');
    else if (m.kind === 4) t = [...lines.slice(0, l + 1), ...lines.slice(l)].join('\n');
    else if (m.kind === 5) t = [lines[l]!, ...lines.filter((_, j) => j !== l)].join('\n');
    else t = t.slice(0, i) + t.slice(i, i + 1).toUpperCase() + t.slice(i + 1);
  }
  return t;
};

const randomHand = fc.record({
  tiles: fc.array(fc.constantFrom(...TILES), { minLength: 14, maxLength: 14 }),
  exposures: fc.array(fc.tuple(fc.constantFrom(...TILES), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 2 })), {
    maxLength: 3,
  }),
});

const SENTENCE = /^card line (\d+): [^\n\r]*[^\s.]$/;

/** One card text through the parser and, when it reads, the matcher. parseCard, readCardText and
 *  checkCard read the text alike (the first two are the third's wrappers): each case is read by
 *  parseCard, and every `crossCheck`-th also by the other two, which must agree with it. */
export const runCardCase = (
  f: CardFuzzFigures,
  text: string,
  h: { tiles: Tile[]; exposures: [Tile, number, number][] },
  crossCheck = 1,
): void => {
  f.cases++;
  try {
    const parsed = parseCard(text);
    const problems = parsed.ok ? [] : parsed.error;
    const lineCount = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/).length;
    for (const p of problems) {
      const m = SENTENCE.exec(p.message);
      if (
        m === null ||
        Number(m[1]) !== p.line ||
        p.line < 1 ||
        p.line > lineCount ||
        /undefined|NaN|\[object/.test(p.message.replace(/"[^"]*"/g, '""'))
      )
        f.failures.push(`not a sentence naming its line: ${JSON.stringify(p)} in ${JSON.stringify(text.slice(0, 300))}`);
    }
    if (
      f.cases % crossCheck === 0 &&
      (parsed.ok !== (readCardText(text).problems.length === 0) || JSON.stringify(checkCard(text)) !== JSON.stringify(problems))
    )
      f.failures.push(`parseCard and checkCard disagree on ${JSON.stringify(text.slice(0, 300))}`);
    if (!parsed.ok) {
      f.refused++;
      return;
    }
    f.read++;
    const card = parsed.value;
    if (card.hands.some((x) => x.tiles !== 14) || new Set(card.hands.map((x) => x.name)).size !== card.hands.length)
      f.failures.push(`a card that reads with a hand not of 14 tiles or two hands of one name: ${JSON.stringify(text.slice(0, 300))}`);
    const exposures = h.exposures.map(([t, n, j]) => [...Array<Tile>(n).fill(t), ...Array<Tile>(j).fill('J')]);
    const hand = { tiles: h.tiles, exposures };
    const m = matchHand(card, hand);
    const readable = readDeclaredHand(hand);
    if (!readable.ok && m.matches.length > 0) f.failures.push('a hand that does not read matched');
    if (m.best !== (m.matches[0] ?? null)) f.failures.push('best is not the first match');
    handsFitting(card, exposures);
  } catch (e) {
    f.crashes.push(`${e instanceof Error ? (e.stack ?? e.message).slice(0, 400) : String(e)} on ${JSON.stringify(text.slice(0, 300))}`);
  }
};

/** `runs` cards, half random, half mutations of `base` (a card that reads); every `crossCheck`-th
 *  also read by readCardText and checkCard. */
export const fuzzCards = (runs: number, seed: number, base: string, crossCheck = 1): CardFuzzFigures => {
  const f: CardFuzzFigures = { cases: 0, crashes: [], failures: [], read: 0, refused: 0 };
  const half = Math.floor(runs / 2);
  const hands = fc.sample(randomHand, { numRuns: runs, seed });
  fc.sample(randomCard, { numRuns: half, seed }).forEach((text, i) => runCardCase(f, text, hands[i]!, crossCheck));
  fc.sample(fc.array(mutation, { minLength: 1, maxLength: 5 }), { numRuns: runs - half, seed: seed + 1 }).forEach((ms, i) =>
    runCardCase(f, mutate(base, ms), hands[half + i]!, crossCheck),
  );
  return f;
};
