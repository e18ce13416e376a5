/**
 * The whole floor's tuned values (finder.ts, floor.ts), each with what it means.
 * tools/vision/finder-check.ts prints the figures `score` was chosen by, bench/vision-real-scene.ts
 * those `weak` and `unsureScore` were (`vision.real_scene_at_*`; development seeds 20000 and up);
 * `lookAgain` and the rest are the bars the older hand-written floor reader was tuned with on the
 * synthetic scenes, kept as they were.
 */
export interface FinderTuning {
  /** a cell's face-centre score (0..1) at least this, and the highest among its 8 neighbours, is a face */
  score: number;
  /** of two face boxes overlapping more than this (intersection over union), the lower-scored goes */
  nmsIou: number;
  /** a face box read less surely than this (the reader's confidence) is not reported */
  weak: number;
  /** a face the set does not know well (unsure) is reported only where the finder's score is at least this */
  unsureScore: number;
  /** a face whose box matches its kind less closely than this (cosine) is looked at again round its box */
  lookAgain: number;
  /** a box this near square (width over height) may lie either way: it is read a quarter turn round too */
  square: number;
  /** unless it reads at least this surely as located */
  sureAsLocated: number;
  /** the shapes round an unsure box within this share of the finder's box area are looked at */
  sameSize: number;
  /** of those, this many (the first member's closest) are nudged and read in full */
  nudged: number;
}

export const FINDER_TUNING: FinderTuning = {
  score: 0.3,
  nmsIou: 0.35,
  weak: 0.4,
  unsureScore: 0.35,
  lookAgain: 0.88,
  square: 0.85,
  sureAsLocated: 0.95,
  sameSize: 0.35,
  nudged: 2,
};

/** The new discard's tuned values (new-discard.ts, table-change.ts), chosen on development seeds
 *  20000 and up (tools/vision/new-discard-check.ts prints the figures for each choice). */
export interface NewDiscardTuning {
  /** the frames are compared shrunk so their longer side is at most this many pixels */
  small: number;
  /** the table's shift (a bumped camera) is looked for up to this share of the width */
  reach: number;
  /** each of this many blocks across the small frame has its own shift looked for (a bump also turns the view) */
  blocks: number;
  /** within this many small pixels of the table's shift */
  local: number;
  /** a block whose shift lies further than this many small pixels off the plane through the blocks' is left out (a hand) */
  offPlane: number;
  /** a point's brightness difference (0..255) over this is a change (and weighs no more in the shift search) */
  cap: number;
  /** a point changed only if it differs so from every point within this many small pixels of its place before (a bump is not quite a shift) */
  slack: number;
  /** a face after is new when its picture differs from anything near its place before by at least this (0..255) */
  novel: number;
  /** "near": within this share of the face's short side (a nudged tile is found again there) */
  search: number;
  /** the frame before's light may be scaled within these bounds to match (a hand's shadow dims a tile) */
  gain: [number, number];
  /** a new face lies in a changed patch whose changed pixels cover at most this many times its box's
   *  area (a hand's cover more); a place the finder boxed nothing is read where a patch so large is */
  patchAtMost: number;
  /** and at least this many times (the picture under it changed, not only its light) */
  patchAtLeast: number;
  /** changes nearer one another than this share of a face's short side are one patch (a hand's fingers and palm) */
  join: number;
  /** a box lying over more than this share of the new face's box (or it over the box) is the same tile's */
  covered: number;
  /** a second new face apart from the first, at least this share as new: two tiles at once */
  twoAtOnce: number;
  /** a face's long side as the finder was trained to see it (pixels of its input; the median on development tables) */
  faceSide: number;
  /** faces in a region this many times larger than that are shown the finder smaller */
  tooLarge: number;
  /** a face's picture is compared on a grid this many points square */
  grid: number;
  /** that grid keeps this share of the box's side clear of each edge (its sides and shadow) */
  inset: number;
  /** a region whose mean brightness (0..255) is under this is too dark to read */
  dark: number;
  /** a region at most this many pixels on its longer side may be framed close round one tile (the
   *  camera panel grabs its region 240 high); a whole table's frame is never read as one framed tile */
  framedSide: number;
}

export const NEW_DISCARD_TUNING: NewDiscardTuning = {
  small: 480,
  reach: 0.03,
  blocks: 8,
  local: 4,
  offPlane: 1.5,
  cap: 30,
  slack: 2,
  novel: 12,
  search: 0.3,
  gain: [0.55, 1.1],
  patchAtMost: 3,
  patchAtLeast: 0.1,
  join: 0.25,
  covered: 0.3,
  twoAtOnce: 0.5,
  faceSide: 21,
  tooLarge: 1.5,
  grid: 8,
  inset: 0.2,
  dark: 20,
  framedSide: 480,
};

/** The framed tile's tuned values (framed.ts), chosen on development seeds 20000 and up
 *  (bench/vision-real-scene.ts prints real_scene_framed_right). */
export interface FramedTuning {
  /** the shares of the region's longer side a framed face may take: the finder looks at each */
  shares: number[];
  /** a face's long side as the finder was trained to see it (pixels of its input) */
  faceSide: number;
  /** a face counts as the framed one when its centre lies within this many of its half sides of the region's */
  centred: number;
  /** two whole faces in the region and none within this many of its half sides of the centre: two tiles */
  onCentre: number;
  /** another face beside the framed one, found at least this surely (0..1), is a neighbour: the reading is then never recorded by itself */
  neighbour: number;
  /** a face is whole in the region when its box reaches past the region's edge by less than this share of its short side */
  inside: number;
  /** a region whose mean brightness (0..255) is under this, */
  darkMean: number;
  /** or whose brightest pixel is under this, is too dark to read */
  darkMax: number;
}

export const FRAMED_TUNING: FramedTuning = {
  shares: [0.9, 0.6, 0.4],
  faceSide: 21,
  centred: 1.2,
  onCentre: 0.5,
  neighbour: 0.45,
  inside: 0.05,
  darkMean: 12,
  darkMax: 45,
};
