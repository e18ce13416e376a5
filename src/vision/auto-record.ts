/**
 * When the camera may record a tile by itself. Below this confidence it proposes the tile and
 * waits for the player's Enter. From bench/vision-real.ts: no wrong reading of a real photograph
 * had a confidence above 0.69 (vision.real_wrong_confidence_max), so 0.95 keeps a margin for
 * photographs the bench never saw (vision.real_auto_record_wrong: 0). One floor for every set and
 * every pipeline that reads (the built-in set's included): the player may raise the threshold,
 * never lower it below this.
 */
export const AUTO_RECORD_AT = 0.95;
/** A reading of a face picked out from among its neighbours is proposed, never recorded by itself:
 *  the finder may still box a neighbour or part of the face, so its confidence stays below the
 *  floor. */
export const AMONG_NEIGHBOURS_CAP = 0.9;
/** The threshold box's bounds, percent. */
export const THRESHOLD_MIN = Math.round(AUTO_RECORD_AT * 100),
  THRESHOLD_MAX = 99;

/**
 * Whether a proposal may be recorded without the player's Enter: at or above the player's
 * threshold (percent, kept within 95-99; 95 when unreadable), whichever set or pipeline read it.
 */
export const mayRecordItself = (confidence: number, playerPercent: number): boolean => {
  const player = Math.min(THRESHOLD_MAX, Math.max(THRESHOLD_MIN, Number(playerPercent) || THRESHOLD_MIN));
  return confidence * 100 >= player;
};
