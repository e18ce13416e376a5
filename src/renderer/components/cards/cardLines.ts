import { readCardText, type Card } from '../../../core/card';
import { asSentence } from '../../../shared/sentences';

/**
 * The Cards screen's live check, line by line: what each line of the typed card is (the card's
 * name, a section, a hand), the tile count of each of a hand's patterns as it is typed, and the
 * core's problems as sentences. Every judgement is the core's (readCardText); this only adds the
 * hand's name and value for the line beside it, and drops blank lines.
 */
export interface CardLine {
  /** 1-based, as the problems name it. */
  n: number;
  kind: 'card' | 'section' | 'hand' | 'other' | 'blank';
  /** The hand's name ("2026 #2"), once the line reads. */
  name?: string;
  /** A section's name, as typed. */
  section?: string;
  /** The hand's value and X or C ("25 X"), once the line reads. */
  head?: string;
  /** The tiles in each of the hand's patterns (`|` alternatives), as typed. */
  counts: number[];
  problems: string[];
}

export interface CardCheck {
  lines: CardLine[];
  /** The card, when it reads with no problem. */
  card: Card | null;
  problems: number;
}

export const checkLines = (text: string): CardCheck => {
  const r = readCardText(text);
  const raw = text.split(/\r\n|\r|\n/);
  const hands = new Map(r.card.hands.map((h) => [h.line, h]));
  const lines: CardLine[] = r.lines
    .filter((l) => l.kind !== 'blank' || l.problems.length > 0)
    .map((l) => {
      const h = hands.get(l.line);
      return {
        n: l.line,
        kind: l.kind,
        ...(l.kind === 'section' ? { section: /"([^"]*)"/.exec(raw[l.line - 1] ?? '')?.[1] ?? '' } : {}),
        ...(h ? { name: h.name, head: `${h.value} ${h.concealed ? 'C' : 'X'}${h.any ? ' any' : ''}${h.sp ? ' sp' : ''}` } : {}),
        counts: l.counts,
        problems: l.problems.map(asSentence),
      };
    });
  return { lines, card: r.problems.length ? null : r.card, problems: r.problems.length };
};
