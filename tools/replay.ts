/**
 * `npm run replay -- FILE` (or `-` for standard input): replays a table record and prints the
 * summary JSON on stdout, exit 0. A record that is not JSON, not the format, or holds an event the
 * rules forbid: one line on stderr naming the game, the event position (1-based) and the reason,
 * nothing on stdout, exit 2. A file of an earlier version that the app which wrote it read
 * differently: a `note:` line on stderr per game, naming the events (not an error). A record that
 * carries its card: a `note:` line per declared hand the card disagrees with (src/core/recordCard.ts).
 */
import { readFileSync } from 'node:fs';
import { describeRecordError, parseRecord, readingNotes, replaySession } from '../src/core/record';
import { cardNotes } from '../src/core/recordCard';
import { describeReplayError } from '../src/core/summary';

const fail = (line: string, code = 2): never => {
  process.stderr.write(`${line.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(code);
};

const main = (): void => {
  const file = process.argv[2];
  if (file === undefined || process.argv.length > 3) fail('usage: npm run replay -- FILE   (FILE "-" reads standard input)');
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file!, 'utf8');
  } catch (e) {
    return fail(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const rec = parseRecord(text);
  if (!rec.ok) return fail(describeRecordError(rec.error));
  for (const n of readingNotes(rec.value)) process.stderr.write(`note: ${n.message}\n`);
  for (const n of cardNotes(rec.value)) process.stderr.write(`note: ${n.message}\n`);
  const summary = replaySession(rec.value);
  if (!summary.ok) return fail(describeReplayError(summary.error));
  process.stdout.write(`${JSON.stringify(summary.value, null, 2)}\n`);
};

main();
