/**
 * When the camera may record a tile by itself. Below this confidence it proposes the tile and
 * waits for the player's Enter. From bench/vision-real.ts: no wrong reading of a real photograph
 * had a confidence above 0.69 (vision.real_wrong_confidence_max), so 0.95 keeps a margin for
 * photographs the bench never saw (vision.real_auto_record_wrong: 0). It is also the panel's
 * default threshold; the player may raise it, never lower it below this.
 */
export const AUTO_RECORD_AT = 0.95;

/**
 * Whether a proposal may be recorded without the player's Enter: at or above the player's
 * threshold (percent, kept within 80-99; 95 when unreadable) and never below the floor of the
 * pipeline that read it (`autoRecordAt`, 0..1; none for the built-in set's pipeline).
 */
export const mayRecordItself = (confidence: number, playerPercent: number, autoRecordAt = 0): boolean => {
  const player = Math.min(99, Math.max(80, Number(playerPercent) || 95));
  return confidence * 100 >= Math.max(player, autoRecordAt * 100);
};
