/**
 * The floor against the record: every face the camera reads surely on the table (floor.ts) is
 * counted by kind, and a kind the floor shows more of than the record has face up (discards not
 * claimed, and exposures) is named: most likely a discard nobody typed. Only that way round: a
 * tile the record has but the camera did not read may lie out of view, under a hand or in shadow,
 * so its absence says nothing. Nothing is ever recorded from the check; the player looks.
 */
import { tileName, type Tile } from '../core/tiles';
import type { TileCounts } from '../core/tileCounts';
import type { FloorReading } from './floor';
import { AUTO_RECORD_AT } from './auto-record';

/** A face counts only when its kind is as far ahead of the runner-up (uncapped confidence) as a
 *  reading must be to be recorded by itself (auto-record.ts), and it matches that kind's taught
 *  shots at least this closely (cosine). On the development scenes 5000-5031 and 6000-6031 every
 *  reading this sure was right (about 1,000 faces). A lead of 0.9, first tried, let through one
 *  Seven Dot on 3000-3031 read as the Four Dot its art holds (lead 0.90, closeness 0.95): no wrong
 *  reading there reached 0.95. bench/vision-scene.ts prints the check's false alarms. */
const SURE_MATCH = 0.92;

/** ...and its box is at least this many pixels across its short side: the rule was measured on
 *  faces 44-105 pixels across (1280x720 frames). In the same frames at half the size a box 18
 *  pixels across, a piece of a face, read a Red Dragon that sure. */
const SMALLEST = 40;

/** ...and its box is at least this share of a face's area at its height (floor.ts `size`): a
 *  piece of a face (half of a sideways one, the two dots of a Four Dot's lower half) reads as a
 *  whole tile of another kind surely now and then. The smallest 1% of right sure readings on
 *  5000-5031 and 6000-6031 were 0.67-0.75 (the middle 0.88). */
const FACE_SIZED = 0.7;

const small = (r: FloorReading) => Math.min(r.box[2], r.box[3]) < SMALLEST;
export const sureOnFloor = (r: FloorReading): boolean =>
  r.uncapped >= AUTO_RECORD_AT && r.closeness >= SURE_MATCH && !small(r) && r.size >= FACE_SIZED;

export interface Surplus {
  tile: Tile;
  /** faces of this kind the camera read surely */
  seen: number;
  /** this kind face up in the record: discards not claimed, and exposed */
  recorded: number;
  /** the boxes of the faces read as this kind, in the frame's pixels [x, y, w, h] */
  boxes: [number, number, number, number][];
}

export interface FloorCheck {
  /** faces found in the frame */
  found: number;
  /** of them, read surely enough to count */
  sure: number;
  /** of them, too small in the picture to count however sure */
  small: number;
  surplus: Surplus[];
}

export const checkFloor = (readings: readonly FloorReading[], record: TileCounts): FloorCheck => {
  const sure = readings.filter(sureOnFloor);
  const byKind = new Map<Tile, FloorReading[]>();
  for (const r of sure) byKind.set(r.tile, [...(byKind.get(r.tile) ?? []), r]);
  const surplus: Surplus[] = [];
  for (const [tile, rs] of byKind) {
    const recorded = record[tile].discarded + record[tile].exposed;
    if (rs.length > recorded) surplus.push({ tile, seen: rs.length, recorded, boxes: rs.map((r) => r.box) });
  }
  return { found: readings.length, sure: sure.length, small: readings.filter(small).length, surplus };
};

const count = (n: number, tile: Tile) => (n === 1 ? `a ${tileName(tile)}` : `${n} ${tileName(tile)}s`);
const words = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

/** What the panel says: the kinds the floor shows more of than the record, or that it agrees. */
export const floorCheckSentence = (c: FloorCheck): string => {
  if (!c.found) return 'No tile faces found in the picture: point the camera at the discards, then check again.';
  if (!c.surplus.length && c.small * 2 > c.found)
    return 'The tiles are too small in the picture to check: bring the camera nearer the table (or choose a sharper camera), then check again.';
  if (!c.surplus.length)
    return `The floor agrees with the record: ${c.sure} of the ${c.found} faces found read surely, none the record lacks.`;
  const extra = c.surplus.map(
    (s) => `${count(s.seen, s.tile)} ${s.recorded ? `where the record has ${s.recorded}` : 'the record does not have'}`,
  );
  return `The floor shows ${words(extra)}.`;
};

/** What the player is asked when the floor shows more than the record. */
export const floorCheckQuestion = (c: FloorCheck): string => {
  const marked = c.surplus.reduce((n, s) => n + s.boxes.length, 0);
  return marked ? `Was a discard not typed? ${marked === 1 ? 'The tile is' : 'The tiles are'} marked below.` : '';
};
