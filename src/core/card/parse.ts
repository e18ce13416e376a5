/**
 * Reads a card's text (format v1) line by line: `card "NAME" [year=YYYY]`, `section "NAME"`, and
 * hand lines `VALUE X|C [any] [sp] PATTERN [| PATTERN ...] [# note]`. Every problem is a sentence
 * naming its line. A line being typed may be incomplete: reading never throws, and each line says
 * its kind, the tiles of each of its patterns and its problems (what a card editor shows).
 */
import { err, ok, type Result } from '../result';
import { keepDemands } from './demand';
import { groupTileCount } from './groups';
import { readPattern, type Pattern } from './pattern';
import { patternProblems, TILES_PER_HAND } from './problems';
import type { Card, CardHand, CardProblem } from './types';

export type CardLineKind = 'blank' | 'card' | 'section' | 'hand' | 'other';
/** One line of the text as read: what a card editor shows beside it. */
export type CardLine = { line: number; kind: CardLineKind; counts: number[]; problems: string[] };

const isQuote = (ch: string): boolean => ch === '"' || ch === '\u201c' || ch === '\u201d';

/** The line without its comment: `#` up to the end, unless inside quotes. */
export const stripComment = (line: string): string => {
  if (!line.includes('#')) return line;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (isQuote(line[i]!)) quoted = !quoted;
    else if (line[i] === '#' && !quoted) return line.slice(0, i);
  }
  return line;
};

/** `"NAME" rest`: the quoted name and what follows it, or null when it is not quoted. */
const quoted = (s: string): { name: string; rest: string } | null => {
  const m = /^["\u201c]([^"\u201c\u201d]*)["\u201d](.*)$/.exec(s.trim());
  return m ? { name: m[1]!.trim(), rest: m[2]!.trim() } : null;
};

/** The tiles of each pattern of a hand line as typed, however incomplete (for a live count). */
export const patternTileCount = (pattern: string): number => pattern.split(/\s+/).reduce((n, w) => n + groupTileCount(w), 0);

type HandRead = { hand: Omit<CardHand, 'section' | 'number' | 'name' | 'line'>; read: Pattern[]; counts: number[]; problems: string[] };

const FLAG_WORDS = new Set(['any', 'sp']);

/** A hand line's words after the value: X|C, flags, then patterns split at `|`. */
const readHand = (words: string[]): HandRead => {
  const [valueWord, kindWord, ...rest] = words;
  const problems: string[] = [];
  const value = /^\d+$/.test(valueWord!) ? Number(valueWord) : NaN;
  if (!(value > 0)) problems.push(`"${valueWord}" is not a value: a hand begins with its value, a whole number of points above 0`);
  const kind = kindWord?.toUpperCase();
  if (kind !== 'X' && kind !== 'C')
    problems.push(
      kindWord === undefined
        ? `the hand has no X or C after its value, and no pattern`
        : `after the value comes X (it may hold exposures) or C (concealed), not "${kindWord}"`,
    );
  let i = kind === 'X' || kind === 'C' ? 0 : -1;
  const flags = new Set<string>();
  if (i === 0) while (i < rest.length && FLAG_WORDS.has(rest[i]!.toLowerCase())) flags.add(rest[i++]!.toLowerCase());
  const tail = i < 0 ? [] : rest.slice(i);
  const alternatives = tail
    .join(' ')
    .split('|')
    .map((s) => s.trim());
  const counts = alternatives.filter((a) => a !== '' || alternatives.length > 1).map(patternTileCount);
  const patterns: Pattern[] = [];
  if (i >= 0) {
    const any = flags.has('any');
    const sp = flags.has('sp');
    alternatives.forEach((text, n) => {
      const which = alternatives.length === 1 ? 'the pattern' : `pattern ${n + 1}`;
      if (text === '') {
        problems.push(
          alternatives.length === 1
            ? 'the hand has no pattern after its value and X or C'
            : `${which} is empty: each | separates two patterns`,
        );
        return;
      }
      const p = readPattern(text);
      if (!p.ok) problems.push(p.problem);
      else {
        patterns.push(p.pattern);
        problems.push(...patternProblems(p.pattern, { any, sp }, which));
      }
    });
  }
  return {
    hand: {
      value,
      concealed: kind === 'C',
      any: flags.has('any'),
      sp: flags.has('sp'),
      patterns: patterns.map((p) => p.text),
      tiles: patterns[0]?.tiles ?? TILES_PER_HAND,
    },
    read: patterns,
    counts,
    problems,
  };
};

export type CardReading = { card: Card; lines: CardLine[]; problems: CardProblem[] };

/** Reads every line of a card's text; `problems` is empty exactly when the card reads. */
export const readCardText = (text: string): CardReading => {
  const raw = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  const lines: CardLine[] = [];
  const card: Card = { name: '', hands: [] };
  let headerLine = 0;
  let section: string | null = null;
  let anyHand = false;
  const numbers = new Map<string, number>();
  raw.forEach((full, idx) => {
    const line = idx + 1;
    const body = stripComment(full).trim();
    const info: CardLine = { line, kind: 'blank', counts: [], problems: [] };
    lines.push(info);
    if (body === '') return;
    const [first, ...words] = body.split(/\s+/);
    const keyword = first!.toLowerCase();
    const afterKeyword = body.slice(first!.length);
    if (keyword === 'card') {
      info.kind = 'card';
      const q = quoted(afterKeyword);
      if (headerLine !== 0) info.problems.push(`the card already has its name on line ${headerLine}: a card has one card line`);
      else if (section !== null || anyHand) info.problems.push('the card line comes first, before every section and hand');
      if (q === null) info.problems.push('the card\'s name goes in double quotes: card "NAME", optionally followed by year=YYYY');
      else if (q.name === '') info.problems.push('the card\'s name is empty: card "NAME"');
      else if (headerLine === 0) {
        card.name = q.name;
        for (const w of q.rest.split(/\s+/).filter((x) => x !== '')) {
          const y = /^year=(\d{4})$/i.exec(w);
          if (y) card.year = Number(y[1]);
          else if (/^year=/i.test(w)) info.problems.push(`"${w}" is not a year: write year=YYYY, for example year=2026`);
          else info.problems.push(`after the card's name comes only year=YYYY, not "${w}"`);
        }
      }
      if (headerLine === 0) headerLine = line;
    } else if (keyword === 'section') {
      info.kind = 'section';
      const q = quoted(afterKeyword);
      if (q === null || q.name === '') info.problems.push('a section\'s name goes in double quotes: section "NAME"');
      else if (q.rest !== '') info.problems.push(`after the section's name comes nothing but a comment, not "${q.rest}"`);
      else section = q.name;
    } else if (/^\d/.test(first!)) {
      info.kind = 'hand';
      anyHand = true;
      const h = readHand(
        [first!, ...words]
          .join(' ')
          .replace(/\|/g, ' | ')
          .split(/\s+/)
          .filter((w) => w !== ''),
      );
      info.counts = h.counts;
      info.problems.push(...h.problems);
      if (section === null) info.problems.push('a hand comes before any section: start one with section "NAME"');
      else if (h.problems.length === 0) {
        const number = (numbers.get(section) ?? 0) + 1;
        numbers.set(section, number);
        const hand: CardHand = { section, number, name: `${section} #${number}`, line, ...h.hand };
        keepDemands(hand, h.read);
        card.hands.push(hand);
      }
    } else {
      info.kind = 'other';
      info.problems.push(
        `"${first}" does not begin a card line: a line is card "NAME", section "NAME", or a hand such as 25 X FF 2026a 2222b 2222c`,
      );
    }
  });
  const first = lines.find((l) => l.kind !== 'blank');
  if (first === undefined) lines[0]!.problems.push('the card is empty: it begins with its name, card "NAME", and holds sections of hands');
  else if (headerLine === 0) first.problems.unshift('the card begins with its name: card "NAME", optionally followed by year=YYYY');
  else if (card.hands.length === 0 && lines.every((l) => l.problems.length === 0))
    lines[headerLine - 1]!.problems.push('the card has no hands: add a section "NAME" and its hand lines');
  const problems: CardProblem[] = lines.flatMap((l) => l.problems.map((p) => ({ line: l.line, message: `card line ${l.line}: ${p}` })));
  return { card, lines, problems };
};

/** Reads a card: the Card, or every problem (each a sentence naming its line), in line order. */
export const parseCard = (text: string): Result<Card, CardProblem[]> => {
  const r = readCardText(text);
  return r.problems.length === 0 ? ok(r.card) : err(r.problems);
};

/** Every problem of a card's text, in line order: none when the card reads. */
export const checkCard = (text: string): CardProblem[] => readCardText(text).problems;
