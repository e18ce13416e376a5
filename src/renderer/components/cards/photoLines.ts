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
  /** the line's own strip of the picture (its text turned level), for the crop shown above it */
  strip: Strip;
}

/** A strip of the picture along one line: its centre, length and text height (read pixels), and
 *  its tilt (radians, clockwise positive) as the photo was taken. */
export interface Strip {
  cx: number;
  cy: number;
  length: number;
  height: number;
  angle: number;
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

const median = (xs: number[]): number | null => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : null;
};
const centre = (b: PictureBox) => [b.x + b.width / 2, b.y + b.height / 2] as const;

/** A hand's tilt from its groups' centres (a least-squares line), when they spread wide enough. */
const tiltOf = (l: ReadLine): number | null => {
  if (l.kind !== 'hand') return null;
  const cs = l.patterns.flat().map((g) => centre(g.box));
  if (cs.length < 2) return null;
  const mx = cs.reduce((a, c) => a + c[0], 0) / cs.length,
    my = cs.reduce((a, c) => a + c[1], 0) / cs.length;
  const sxx = cs.reduce((a, c) => a + (c[0] - mx) ** 2, 0),
    sxy = cs.reduce((a, c) => a + (c[0] - mx) * (c[1] - my), 0);
  return sxx > 0 && Math.sqrt(sxx / cs.length) > 20 ? Math.atan(sxy / sxx) : null;
};

/** The card's text height in read pixels (its groups' median): every crop is shown at one scale. */
export const textHeight = (r: CardReading): number =>
  median(r.lines.flatMap((l) => (l.kind === 'hand' ? l.patterns.flat().map((g) => g.box.height) : []))) ?? 24;

/** Each line's strip: a photo is seldom square to the card, and the box of a long tilted line
 *  also holds parts of its neighbours, so the crop follows the line's own tilt (a heading, with
 *  no groups to measure, takes the card's). */
export const stripsOf = (r: CardReading): Strip[] => {
  const cardTilt = median(r.lines.map(tiltOf).filter((a): a is number => a !== null)) ?? 0;
  const textH = textHeight(r);
  return r.lines.map((l) => {
    const angle = tiltOf(l) ?? cardTilt;
    const [cx, cy] = centre(l.box);
    const length = l.box.width / Math.max(0.5, Math.cos(angle));
    const height = Math.max(textH, l.box.height - length * Math.abs(Math.sin(angle)));
    return { cx, cy, length, height, angle };
  });
};

export const photoLines = (r: CardReading): PhotoLine[] => {
  const strips = stripsOf(r);
  return r.lines.map((l, i) => {
    const text = asText(l);
    return { id: i + 1, kind: l.kind, read: text, text, unsure: doubts(l), confirmed: false, box: l.box, strip: strips[i]! };
  });
};

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

/** The crop drawn for a strip: its size in read pixels with a margin (half a text height at the
 *  ends, a third above and below), so a line's first and last groups are never cut. */
export const cropSize = (st: Strip): { width: number; height: number } => ({
  width: Math.round(st.length + st.height),
  height: Math.round(st.height * 1.7),
});
