/**
 * One frame in, one proposed tile out (or a clear reason why not). The art decides the suit and
 * the honours (correlation with the set's reference features); the printed corner index, read by
 * tesseract, decides between ranks of the same suit, where art alone is weakest (craks). The app
 * reads with it only when the reading network could not be loaded, and never records by itself
 * what it reads (ART_CAP).
 */
import { tileName, type Tile } from '../core/tiles';
import type { Frame } from './image';
import { locateFace, type LocateError } from './locate';
import { correlation, faceFeatures, reweight, straighten, FACE_H, FACE_W } from './features';
import { regionPgm, INDEX_CHARS, type TextReader } from './ocr';
import type { ReferenceSet } from './references';

export interface Candidate {
  tile: Tile;
  confidence: number;
}
export interface Proposal extends Candidate {
  /** what the corner index read as ('' when nothing printed there or unreadable) */
  index: string;
  runnersUp: Candidate[];
}
export type RecognizeError = LocateError | 'unreadable' | 'no-references';
export type Recognition = { ok: true; proposal: Proposal } | { ok: false; error: RecognizeError; message: string };

/** The index a tile kind carries in its corner ('' for dragons, flowers, jokers). */
export const indexOf = (t: Tile): string => (t.length === 2 ? t[0]! : 'NEWS'.includes(t) ? t : '');
/** "Rank" as the bench scores it: the numeral for suit tiles, the tile itself for the rest. */
export const rankOf = (t: Tile): string => (t.length === 2 ? t[0]! : t);

const TEMPERATURE = 0.03; // correlation gaps of ~0.05 between the best two mean ~85% confidence
const INDEX_WEIGHT = 0.3; // a confident index read outweighs art differences between ranks
const WORD_WEIGHT = 0.2;
const DISAGREEMENT = 0.75; // confidence factor when text and art pick different tiles
const ART_MARGIN = 0.015; // art gaps smaller than this are ambiguous art (crak numerals), not disagreement
const MIN_CORRELATION = 0.3; // below this the face matches no reference: say so, propose nothing
/** This pipeline's readings are proposed, never recorded by itself: at 95% it still recorded a
 *  wrong tile (bench/vision.ts, 1 of 540 renders), and on real photographs it reads few tiles. The
 *  app reads with it only when the reading network could not be loaded (recognizer.worker.ts). */
const ART_CAP = 0.9;

const reweighted = new WeakMap<ReferenceSet, ReferenceSet['entries']>();
const weighted = (refs: ReferenceSet): ReferenceSet['entries'] => {
  const cw = refs.colourWeight ?? 1;
  if (cw === 1) return refs.entries;
  let e = reweighted.get(refs);
  if (!e) reweighted.set(refs, (e = refs.entries.map((x) => ({ tile: x.tile, features: reweight(x.features, cw) }))));
  return e;
};

export interface RecognizeOptions {
  /** Skip tesseract (the art decides alone): for tests and a fallback when OCR fails to load. */
  readText?: boolean;
}

export const recognizeTile = async (
  frame: Frame,
  refs: ReferenceSet,
  reader: TextReader | null,
  opts: RecognizeOptions = {},
): Promise<Recognition> => {
  if (!refs.entries.length)
    return { ok: false, error: 'no-references', message: 'No tile set to compare with: calibrate your tiles or choose a saved set.' };
  const located = locateFace(frame);
  if (!located.ok) return located;
  const pose = located.pose;
  const cw = refs.colourWeight ?? 1;
  const feat = reweight(faceFeatures(straighten(frame, pose, FACE_W, FACE_H)), cw);

  const score = new Map<Tile, number>();
  for (const e of weighted(refs)) {
    const s = correlation(feat, e.features);
    if (s > (score.get(e.tile) ?? -2)) score.set(e.tile, s);
  }
  const bestArt = Math.max(...score.values());
  const artScore = new Map(score);
  if (bestArt < MIN_CORRELATION)
    return { ok: false, error: 'unreadable', message: 'Could not read this tile: hold it flat and face up, in even light.' };

  let index = '';
  if (reader && opts.readText !== false) {
    const { pgm } = regionPgm(frame, pose, 'index');
    if (pgm) {
      const r = await reader.read(pgm, 'index');
      const ch = r.text.slice(0, 1).toUpperCase();
      if (r.text.length === 1 && INDEX_CHARS.includes(ch) && r.confidence > 20) {
        index = ch;
        const w = INDEX_WEIGHT * Math.min(1, r.confidence / 80);
        for (const [t, s] of score) if (indexOf(t) === ch) score.set(t, s + w);
      }
    }
    // The joker's word: only worth reading when the art puts the joker among the contenders.
    const top3 = [...score.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([t]) => t);
    if (top3.includes('J')) {
      const { pgm: word } = regionPgm(frame, pose, 'word');
      if (word) {
        const r = await reader.read(word, 'word');
        if (/JOK|OKE|KER/.test(r.text.toUpperCase())) score.set('J', score.get('J')! + WORD_WEIGHT * Math.min(1, r.confidence / 70));
      }
    }
  }

  // Softmax over tiles: a confidence the player can set an auto-record threshold against.
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  const top = ranked[0]![1];
  const exps = ranked.map(([, s]) => Math.exp((s - top) / TEMPERATURE));
  const total = exps.reduce((a, b) => a + b, 0);
  // When the printed index overrules the art, either may be wrong (a blurred 5 reads as 3):
  // keep such a proposal below any sensible auto-record threshold, so the player confirms it.
  const doubt = bestArt - artScore.get(ranked[0]![0])! > ART_MARGIN ? DISAGREEMENT : 1;
  const cands = ranked.map(([tile], i) => ({ tile, confidence: Math.min(ART_CAP, (exps[i]! / total) * (i === 0 ? doubt : 1)) }));
  return { ok: true, proposal: { ...cands[0]!, index, runnersUp: cands.slice(1, 4) } };
};

/** A one-line description for the screen: "Five Bam 93% (or Six Bam, Five Crak)". */
export const describeProposal = (p: Proposal): string =>
  `${tileName(p.tile)} ${Math.round(p.confidence * 100)}%` +
  (p.runnersUp.length
    ? ` (or ${p.runnersUp
        .slice(0, 2)
        .map((c) => tileName(c.tile))
        .join(', ')})`
    : '');
