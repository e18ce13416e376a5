/**
 * The group card (format v1): read and check a card's text, and check a declared hand against it.
 * Pure TypeScript: nothing outside src/core.
 */
export type { Card, CardHand, CardProblem, DeclaredHand, HandMatch, MatchResult } from './types';
export { parseCard, checkCard, readCardText, patternTileCount, type CardLine, type CardLineKind, type CardReading } from './parse';
export { matchHand, handsFitting } from './match';
export { readDeclaredHand, exposureProblem } from './hand';
export { TILES_PER_HAND } from './problems';
