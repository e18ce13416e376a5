/**
 * A reading scored against the card it was drawn from: hands paired in order (a dynamic-programming
 * alignment, so a row missed or read twice costs only itself), each truth group right when its
 * tiles and suit letter (letters named by first appearance, as the reader names them) match.
 */
import type { CardReading, ReadHand } from '../../src/vision/card-read/reading';
import { canonicalLetters, type DrawnCard, type DrawnHand } from './card-text';

export type WrongKind = 'lost' | 'tiles' | 'letter';

export interface Score {
  groups: number;
  groupsRight: number;
  /** groups read wrong and not marked unsure: the silent errors */
  groupsWrongUnmarked: number;
  groupsUnsure: number;
  lines: number;
  linesRight: number;
  /** groups wrong by kind: no group read there (its line or the group lost), tiles wrong, suit letter wrong */
  wrong: Record<WrongKind, number>;
  /** what went wrong, for development */
  misses: string[];
}

const readGroups = (h: ReadHand) => h.patterns.map((p) => p.map((g) => ({ text: g.tokens + g.letter, unsure: g.unsure !== null })));
const truthGroups = (h: DrawnHand) => h.patterns.map((p) => canonicalLetters(p));

const pairScore = (t: DrawnHand, r: ReadHand) => {
  const tg = truthGroups(t),
    rg = readGroups(r);
  let right = 0;
  tg.forEach((p, i) =>
    p.forEach((g, j) => {
      if (rg[i]?.[j]?.text === g) right++;
    }),
  );
  return right;
};

const tilesOf = (g: string) => g.replace(/[abc]$/, '');
const wrongKind = (truth: string, got: string | undefined): WrongKind =>
  got === undefined ? 'lost' : tilesOf(got) === tilesOf(truth) ? 'letter' : 'tiles';

export const scoreReading = (card: DrawnCard, reading: CardReading): Score => {
  const truth = card.sections.flatMap((s) => s.hands);
  const read = reading.lines.filter((l): l is ReadHand => l.kind === 'hand');
  // Align: best total of groups right, in order.
  const n = truth.length,
    m = read.length;
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      best[i]![j] = Math.max(best[i + 1]![j]!, best[i]![j + 1]!, pairScore(truth[i]!, read[j]!) + best[i + 1]![j + 1]!);
  const s: Score = {
    groups: 0,
    groupsRight: 0,
    groupsWrongUnmarked: 0,
    groupsUnsure: 0,
    lines: n,
    linesRight: 0,
    wrong: { lost: 0, tiles: 0, letter: 0 },
    misses: [],
  };
  let i = 0,
    j = 0;
  const pairs: [DrawnHand, ReadHand | null][] = [];
  while (i < n) {
    if (j < m && best[i]![j] === pairScore(truth[i]!, read[j]!) + best[i + 1]![j + 1]! && pairScore(truth[i]!, read[j]!) > 0) {
      pairs.push([truth[i]!, read[j]!]);
      i++;
      j++;
    } else if (j < m && best[i]![j] === best[i]![j + 1]) j++;
    else {
      pairs.push([truth[i]!, null]);
      i++;
    }
  }
  for (const [t, r] of pairs) {
    const tg = truthGroups(t),
      rg = r ? readGroups(r) : [];
    let all = tg.length === rg.length;
    tg.forEach((p, a) => {
      if ((rg[a]?.length ?? 0) !== p.length) all = false;
      p.forEach((g, b) => {
        const got = rg[a]?.[b];
        s.groups++;
        if (got?.unsure) s.groupsUnsure++;
        if (got?.text === g) s.groupsRight++;
        else {
          all = false;
          if (got && !got.unsure) s.groupsWrongUnmarked++;
          s.wrong[wrongKind(g, got?.text)]++;
          s.misses.push(`${g} read ${got ? got.text + (got.unsure ? '?' : '') : 'nothing'}`);
        }
      });
    });
    const head = r && r.value === t.value && r.concealed === t.concealed && r.any === t.any && r.sp === t.sp;
    if (r && !head)
      s.misses.push(
        `${t.value} ${t.concealed ? 'C' : 'X'}${t.any ? ' any' : ''}${t.sp ? ' sp' : ''} read ${r.value} ${r.concealed === null ? '?' : r.concealed ? 'C' : 'X'}${r.any ? ' any' : ''}${r.sp ? ' sp' : ''}`,
      );
    if (all && head) s.linesRight++;
  }
  return s;
};
