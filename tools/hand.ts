/**
 * `npm run -s hand -- CARD HAND`: checks a declared hand (a JSON file, `-` for standard input)
 * against a group card and prints {"matches", "best", "jokerless"} on stdout, exit 0.
 * `npm run -s hand -- CARD --check`: prints each problem of the card, one sentence a line, on
 * stdout; exit 0 when there is none, 2 otherwise.
 * A card or hand that cannot be read: nothing on stdout, one sentence on stderr naming the line
 * (for a card, its first problem), exit 2. docs/card.md describes the format.
 */
import { readFileSync } from 'node:fs';
import { matchHand, readCardText, readDeclaredHand, type HandMatch } from '../src/core/card';

const USAGE = 'usage: npm run -s hand -- CARD HAND   (HAND a JSON file, "-" for standard input), or npm run -s hand -- CARD --check';

const fail = (line: string): never => {
  process.stderr.write(`${line.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(2);
};

const readText = (file: string, what: string): string => {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES'
            ? 'it may not be read'
            : 'it cannot be read';
    return fail(`the ${what} ${file} cannot be read: ${why}`);
  }
};

/** The spec's four fields only (the app's HandMatch also carries the hand's name). */
const shown = (m: HandMatch) => ({ section: m.section, hand: m.hand, value: m.value, concealed: m.concealed });

const main = (): void => {
  const [cardFile, second, ...extra] = process.argv.slice(2);
  if (cardFile === undefined || second === undefined || extra.length > 0) return fail(USAGE);
  const reading = readCardText(readText(cardFile, 'card'));
  if (second === '--check') {
    for (const p of reading.problems) process.stdout.write(`${p.message}\n`);
    process.exit(reading.problems.length === 0 ? 0 : 2);
  }
  if (reading.problems.length > 0) return fail(reading.problems[0]!.message);
  const text = readText(second, 'hand');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(
      `the hand ${second} is not JSON: a hand is {"tiles": [the 14 tile codes], "exposures": [[the tiles of each exposure], ...]}`,
    );
  }
  const hand = readDeclaredHand(json);
  if (!hand.ok) return fail(`the hand ${second}: ${hand.error}`);
  const r = matchHand(reading.card, hand.value);
  const matches = r.matches.map(shown);
  process.stdout.write(`${JSON.stringify({ matches, best: matches[0] ?? null, jokerless: r.jokerless })}\n`);
};

main();
