/**
 * The learned face finder's tuned values (finder.ts, floor-learned.ts), each with what it means.
 * tools/vision/finder-check.ts prints the figures `score` was chosen by (development seeds 20000
 * and up); `weak` and `lookAgain` are the pale-block floor's own bars (floor.ts WEAK, LOOK_AGAIN).
 */
export interface FinderTuning {
  /** a cell's face-centre score (0..1) at least this, and the highest among its 8 neighbours, is a face */
  score: number;
  /** of two face boxes overlapping more than this (intersection over union), the lower-scored goes */
  nmsIou: number;
  /** a face box read less surely than this (the reader's confidence) is not reported */
  weak: number;
  /** a face whose box matches its kind less closely than this (cosine) is looked at again round its box */
  lookAgain: number;
}

export const FINDER_TUNING: FinderTuning = {
  score: 0.3,
  nmsIou: 0.35,
  weak: 0.4,
  lookAgain: 0.88,
};
