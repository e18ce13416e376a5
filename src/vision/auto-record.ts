/**
 * When the camera may record a tile by itself. Below this confidence it proposes the tile and
 * waits for the player's Enter. From bench/vision-real.ts: no wrong reading of a real photograph
 * had a confidence above 0.77 (vision.real_wrong_confidence_max), so 0.95 keeps a margin for
 * photographs the bench never saw (vision.real_auto_record_wrong: 0). It is also the panel's
 * default threshold; the player may raise it, never lower it below this.
 */
export const AUTO_RECORD_AT = 0.95;
