/**
 * Invented cards for training the pattern-line reader: random hands of 14 tiles in the card
 * format's groups (numbers, years, winds, Flowers, dragons, Soap), some with an "or"
 * alternative and a note. Never the bench's cards, so the network learns print, not a card.
 */
import { rng } from './card-page';
import type { DrawnCard, DrawnHand } from './card-text';

const NOTES = [
  'any 3 suits',
  'any 2 suits',
  'any like nos.',
  'any 3 consec. nos.',
  'kong any dragon',
  'pairs',
  'any 1 suit',
  'evens only',
  'odd nos.',
  'any wind',
  'no jokers',
];
const SECTIONS = [
  '2026',
  'Evens',
  'Odds',
  'Consecutive run',
  'Winds - Dragons',
  'Quints',
  '369',
  'Like numbers',
  'Singles and pairs',
  '13579',
  '2468',
];

/** One group of `n` tiles: its tiles as printed and whether it takes a suit letter. */
const groupOf = (r: () => number, n: number): { tiles: string; suited: boolean } => {
  const d = () => String(1 + Math.floor(r() * 9));
  const k = r();
  if (n === 4 && k < 0.12) return { tiles: `20${Math.floor(r() * 3) + 2}${Math.floor(r() * 10)}`, suited: true };
  if (k < 0.55) return { tiles: d().repeat(n), suited: true };
  if (k < 0.65 && n <= 5) {
    const a = 1 + Math.floor(r() * (10 - n));
    const step = r() < 0.5 ? 1 : 2;
    const ds = Array.from({ length: n }, (_, i) => a + i * step).filter((x) => x <= 9);
    if (ds.length === n) return { tiles: ds.join(''), suited: true };
  }
  if (k < 0.72) return { tiles: 'F'.repeat(n), suited: false };
  if (k < 0.82) {
    if (n === 4 && r() < 0.3) return { tiles: 'NEWS', suited: false };
    if (n === 2 && r() < 0.3) return { tiles: r() < 0.5 ? 'EW' : 'NS', suited: false };
    return { tiles: 'NEWS'[Math.floor(r() * 4)]!.repeat(n), suited: false };
  }
  if (k < 0.9) return { tiles: 'D'.repeat(n), suited: true };
  if (k < 0.96) return { tiles: (r() < 0.5 ? 'R' : 'G').repeat(n), suited: false };
  return { tiles: '0'.repeat(n), suited: false };
};

const patternOf = (r: () => number): string[] => {
  const out: string[] = [];
  let left = 14;
  while (left > 0) {
    const n = Math.min(left, [1, 2, 2, 3, 3, 4, 4, 4, 5][Math.floor(r() * 9)]!);
    const g = groupOf(r, n);
    out.push(g.tiles + (g.suited ? 'abc'[Math.floor(r() * 3)]! : ''));
    left -= n;
  }
  return out;
};

export const randomCard = (seed: number): DrawnCard => {
  const r = rng(seed * 104729 + 17);
  const hands = 10 + Math.floor(r() * 46);
  const card: DrawnCard = { name: `Practice card ${2020 + Math.floor(r() * 10)}`, year: null, sections: [] };
  for (let i = 0; i < hands; i++) {
    if (i === 0 || r() < 0.15) card.sections.push({ name: SECTIONS[Math.floor(r() * SECTIONS.length)]!, hands: [] });
    const hand: DrawnHand = {
      value: 25 + 5 * Math.floor(r() * 11),
      concealed: r() < 0.3,
      any: false,
      sp: false,
      patterns: r() < 0.15 ? [patternOf(r), patternOf(r)] : [patternOf(r)],
      note: r() < 0.5 ? NOTES[Math.floor(r() * NOTES.length)]! : '',
    };
    card.sections.at(-1)!.hands.push(hand);
  }
  return card;
};
