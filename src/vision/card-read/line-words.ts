/**
 * One printed row's words sorted into what they are: a hand row is its groups (alternatives
 * parted by "or"), a note, and X/C with the value at the right (`X 25`, `X25`, `25 X`); any
 * other row with words enough is a heading (the card's name or a section).
 */
import type { OcrWord } from './page-reader';
import { asTokens } from './group-text';

export type GroupWord = OcrWord | 'or';
export type RowWords =
  | {
      kind: 'hand';
      groups: GroupWord[];
      note: string;
      value: number | null;
      concealed: boolean | null;
      valueUnsure: string[];
      words: OcrWord[];
      tailWords: OcrWord[];
    }
  | { kind: 'heading'; name: string; words: OcrWord[] }
  /** a value (and note) read on a row of its own: its groups were read as a row apart */
  | { kind: 'value'; note: string; value: number | null; concealed: boolean | null; valueUnsure: string[]; words: OcrWord[] };

const XC = /^[XxCc]{1,3}$/;
const VALUE_LOOKALIKE: Record<string, string> = { O: '0', o: '0', l: '1', I: '1', '|': '1', S: '5', s: '5', '%': '5', B: '8', Z: '2' };

const asValue = (s: string): number | null => {
  const t = [...s.replace(/[.,:;]+$/, '')].map((c) => VALUE_LOOKALIKE[c] ?? c).join('');
  return /^\d{1,3}$/.test(t) && Number(t) > 0 ? Number(t) : null;
};
const asXC = (s: string): boolean | null | 'both' => {
  if (!XC.test(s)) return null;
  const x = /[Xx]/.test(s),
    c = /[Cc]/.test(s);
  return x && c ? 'both' : c;
};

/** The X/C and value at the row's end: how many words they take and what they say. */
export const tail = (ws: OcrWord[]) => {
  const n = ws.length,
    last = ws[n - 1]?.text ?? '',
    prev = ws[n - 2]?.text ?? '';
  const merged = /^([XxCc]{1,3})(\S{1,3})$/.exec(last);
  const doubt = (xc: boolean | 'both' | null, conf: number) => [
    ...(xc === 'both' ? ['X or C unclear'] : []),
    ...(conf < 60 ? ['value or X/C read faintly'] : []),
  ];
  if (asValue(last) !== null && asXC(prev) !== null) {
    const xc = asXC(prev)!;
    return {
      used: 2,
      value: asValue(last),
      concealed: xc === 'both' ? null : xc,
      unsure: doubt(xc, Math.min(ws[n - 1]!.confidence, ws[n - 2]!.confidence)),
    };
  }
  if (merged && asValue(merged[2]!) !== null) {
    const xc = asXC(merged[1]!)!;
    return { used: 1, value: asValue(merged[2]!), concealed: xc === 'both' ? null : xc, unsure: doubt(xc, ws[n - 1]!.confidence) };
  }
  if (asXC(last) !== null && asValue(prev) !== null) {
    const xc = asXC(last)!;
    return {
      used: 2,
      value: asValue(prev),
      concealed: xc === 'both' ? null : xc,
      unsure: doubt(xc, Math.min(ws[n - 1]!.confidence, ws[n - 2]!.confidence)),
    };
  }
  return null;
};

// "or" between alternatives is printed small and lower case: tesseract may read it as o or 0.
// Blurred, it may read as any short mark (« or w=): a mark of one or two characters this much
// lower than the groups, between groups, is the "or".
const OR_HEIGHT = 0.7;
const isOr = (w: OcrWord, groupHeight: number) =>
  /^or$/i.test(w.text) ||
  (/^[o0O][rnoO0]?$/.test(w.text) && w.box.y1 - w.box.y0 < 0.8 * groupHeight) ||
  (w.text.length <= 2 && w.box.y1 - w.box.y0 < OR_HEIGHT * groupHeight);

// Between groups is a word space (about one capital's height or two); a note starts further off.
const NOTE_GAP = 3;

// A mark that is no letter nor digit at a row's end is the paper's edge or a shadow, not print.
const edgeMark = (w: OcrWord) => !/[A-Za-z0-9]/.test(w.text);

/** A word's text without spaces or the quote marks tesseract reads from a mark at the paper's edge. */
const cleaned = (w: OcrWord): OcrWord => {
  const text = w.text.replace(/\s+/g, '').replace(/^["'“”‘’]+/, '');
  return text === w.text ? w : { ...w, text };
};

// A note is printed smaller than the groups: a word this near the groups' height is a group.
const GROUP_SIZED = 0.8;
const groupSized = (w: OcrWord, groupHeight: number) => w.box.y1 - w.box.y0 >= GROUP_SIZED * groupHeight;

/** Where the note starts: a bracket, or a gap wider than groups are spaced; -1 for none. */
const noteStart = (body: OcrWord[], groupHeight: number): number => {
  const bracket = body.findIndex((w) => w.text.startsWith('('));
  const gap = body.findIndex((w, i) => i > 0 && groupHeight > 0 && w.box.x0 - body[i - 1]!.box.x1 > NOTE_GAP * groupHeight);
  return bracket < 0 ? gap : gap < 0 ? bracket : Math.min(bracket, gap);
};

/** The X/C and value of a row whose words reach the card's value column but do not read as
 *  X/C and a value: those words, to be read again, the value not yet known. */
const columnTail = (ws: OcrWord[], valueX: number | undefined) => {
  const used = valueX === undefined ? 0 : ws.length - ws.findIndex((w) => w.box.x0 >= valueX);
  return used > 0 && used <= ws.length ? { used, value: null, concealed: null, unsure: ['no value read'] } : null;
};

/** A row's words sorted into what they are. `valueX`: where the card's value column starts (from
 *  its other rows), so a row whose value was misread is still known for a hand row. */
export const rowWords = (words: OcrWord[], valueX?: number): RowWords | null => {
  const ws = words
    .map(cleaned)
    .filter((w) => w.text)
    .sort((a, b) => a.box.x0 - b.box.x0);
  while (ws.length && edgeMark(ws.at(-1)!)) ws.pop();
  while (ws.length && edgeMark(ws[0]!)) ws.shift();
  if (!ws.length) return null;
  const end = tail(ws) ?? columnTail(ws, valueX);
  const body = end ? ws.slice(0, ws.length - end.used) : ws;
  const groups: GroupWord[] = [];
  const hs = body
    .filter((w) => asTokens(w.text))
    .map((w) => w.box.y1 - w.box.y0)
    .sort((a, b) => a - b);
  const groupHeight = hs[Math.floor(hs.length / 2)] ?? 0;
  // Before a note every word is a group (one misread is looked at again, not dropped); without a
  // note the groups end at the first word that is none.
  const noteAt = noteStart(body, groupHeight);
  let i = 0;
  for (; i < body.length; i++) {
    const w = body[i]!;
    if (i === noteAt) break;
    if (isOr(w, groupHeight) && groups.length && groups.at(-1) !== 'or') groups.push('or');
    else if (asTokens(w.text) || (end && (noteAt < 0 ? groupSized(w, groupHeight) : i < noteAt))) groups.push(w);
    else break;
  }
  if (groups.at(-1) === 'or') groups.pop();
  const note = body
    .slice(i)
    .filter((w) => w.confidence >= 50)
    .map((w) => w.text)
    .join(' ')
    .replace(/^\(+|\)+$/g, '')
    .trim();
  const count = groups.filter((g) => g !== 'or').length;
  if (end && count >= 1)
    return {
      kind: 'hand',
      groups,
      note,
      value: end.value,
      concealed: end.concealed,
      valueUnsure: end.unsure,
      words: ws,
      tailWords: ws.slice(ws.length - end.used),
    };
  if (end && count === 0) return { kind: 'value', note, value: end.value, concealed: end.concealed, valueUnsure: end.unsure, words: ws };
  // A row of groups whose value was not read beside it is still a hand: its value is asked for.
  if (count >= 3 && i === body.length)
    return { kind: 'hand', groups, note, value: null, concealed: null, valueUnsure: ['no value read'], words: ws, tailWords: [] };
  const clear = ws.filter((w) => w.confidence >= 40);
  const name = clear
    .map((w) => w.text)
    .join(' ')
    .trim();
  if ((name.match(/[A-Za-z0-9]/g) ?? []).length < 3) return null;
  const conf = clear.reduce((a, w) => a + w.confidence, 0) / Math.max(1, clear.length);
  return conf >= 55 ? { kind: 'heading', name, words: ws } : null;
};
