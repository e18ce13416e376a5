import { readingAsCard } from '../../../vision/card-read/card-format';
import type { CardReading, PictureBox, ReadLine } from '../../../vision/card-read/reading';

/**
 * A card read from a photo, as the group confirms it: each line read (a section heading or a
 * hand) as editable text in the card format, with its box in the picture and, when the reader
 * was unsure of it, the reason in a sentence. An unsure line keeps its `?` marks (so the card
 * will not read) until a player confirms it as read or corrects it: nothing is taken on trust.
 */
export interface PhotoLine {
  /** stable across removals, for the list's keys */
  id: number;
  kind: 'heading' | 'hand';
  /** the line as read, in the card format */
  read: string;
  /** the line as it stands now (edited by the group) */
  text: string;
  /** why the line must be looked at, a sentence; null when the reader was sure of it */
  unsure: string | null;
  /** a player said it is right as read */
  confirmed: boolean;
  box: PictureBox;
}

/** One line of a reading in the card format (the reader's own writer, a line at a time). */
const asText = (l: ReadLine): string => readingAsCard({ title: null, year: null, lines: [l] }).split('\n')[1] ?? '';

/** What the reader doubted on a hand line, in one sentence; null when it doubted nothing. */
export const doubts = (l: ReadLine): string | null => {
  if (l.kind === 'heading') return null;
  const parts = [
    ...l.unsure,
    ...(l.concealed === null && !l.unsure.some((u) => /X or C|X\/C/.test(u)) ? ['X or C not read'] : []),
    ...l.patterns.flat().flatMap((g) => (g.unsure ? [`${g.tokens}${g.letter} ${g.unsure}`] : [])),
  ];
  return parts.length ? `Unsure: ${parts.join('; ')}.` : null;
};

export const photoLines = (r: CardReading): PhotoLine[] =>
  r.lines.map((l, i) => {
    const text = asText(l);
    return { id: i + 1, kind: l.kind, read: text, text, unsure: doubts(l), confirmed: false, box: l.box };
  });

/** Looked at: read sure, confirmed, or changed by hand. */
export const lookedAt = (l: PhotoLine): boolean => l.unsure === null || l.confirmed || l.text !== l.read;

/** Confirmed as read: the reader's `?` marks after a value or a group are taken off (a lone `?`,
 *  a value or X/C not read at all, stays for the player to type). */
export const confirmed = (l: PhotoLine): PhotoLine => ({ ...l, confirmed: true, text: l.text.replace(/(\S)\?(?=\s|$)/g, '$1') });

/** The card's first line from the name and year fields. */
export const cardHead = (name: string, year: string): string =>
  `card "${name.trim().replace(/"/g, "'")}"${year.trim() ? ` year=${year.trim()}` : ''}`;

/** The whole card as text: the head, then each line in its row's order (line n + 2 of the text). */
export const photoCardText = (name: string, year: string, lines: readonly PhotoLine[]): string =>
  [cardHead(name, year), ...lines.map((l) => l.text.replace(/[\r\n]+/g, ' '))].join('\n') + '\n';

/** The crop of a line's box with a margin around it, clamped to the picture (`scale`: picture pixels per read pixel). */
export const cropOf = (box: PictureBox, scale: number, width: number, height: number): PictureBox => {
  const pad = Math.round(box.height * 0.35);
  const x0 = Math.max(0, Math.floor((box.x - pad) * scale)),
    y0 = Math.max(0, Math.floor((box.y - pad) * scale));
  const x1 = Math.min(width, Math.ceil((box.x + box.width + pad) * scale)),
    y1 = Math.min(height, Math.ceil((box.y + box.height + pad) * scale));
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
};
