/** The group card (format v1) as the app holds it: plain data, safe to store and send over IPC. */
import type { Tile } from '../tiles';

/** One problem in a card's text: `message` is a sentence that names its line ("card line 7: ..."). */
export type CardProblem = { line: number; message: string };

/** One hand of the card: one printed row, with its alternatives (`|`). */
export type CardHand = {
  section: string;
  /** Numbered from 1 within its section, in file order. */
  number: number;
  /** `SECTION #N`, e.g. "2026 #2". */
  name: string;
  value: number;
  /** `C`: no exposure before mah jongg. */
  concealed: boolean;
  /** Numbers may all shift together by the same amount. */
  any: boolean;
  /** Singles and Pairs: no joker anywhere. */
  sp: boolean;
  /** The alternatives as typed (groups separated by one space). */
  patterns: string[];
  /** The line of the card text the hand is on (1-based). */
  line: number;
  /** Tiles per pattern: 14 in a card that reads. */
  tiles: number;
};

export type Card = { name: string; year?: number; hands: CardHand[] };

/** A declared hand: its 14 tiles (exposed ones included) and the exposures made before mah jongg. */
export type DeclaredHand = { tiles: Tile[]; exposures: Tile[][] };

/** A hand of the card that the declared tiles fit. */
export type HandMatch = { section: string; hand: number; name: string; value: number; concealed: boolean };

export type MatchResult = { matches: HandMatch[]; best: HandMatch | null; jokerless: boolean };
