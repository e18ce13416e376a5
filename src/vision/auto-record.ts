/**
 * When the camera may record a tile by itself. Below this confidence it proposes the tile and
 * waits for the player's Enter. Chosen from bench/vision-real.ts: the lowest threshold at which
 * no real photograph was recorded wrongly (vision.real_auto_record_wrong: 0).
 */
export const AUTO_RECORD_AT = 0.99;
