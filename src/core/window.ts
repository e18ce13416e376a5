import type { FloorTile, LiveDiscard } from './state';

/**
 * East's reserved last wall (RULES §2.3, §2.6): the last 2d tiles for a dice throw d.
 * ASSUMPTION: the throw is not in the record, so d = 7 (the expected throw) unless given.
 */
export const lastWallSize = (dice?: number): number => 2 * (dice ?? 7);

/** Whether the tiles left are all within the last wall. */
export const onLastWall = (dice: number | undefined, remaining: number): boolean => remaining <= lastWallSize(dice);

/**
 * The window of opportunity closes on the live discard (RULES §4.3): the next player racks,
 * discards, declares mah jongg or makes a joker exchange. The discard is dead from then on.
 * Returns null when no window is open (nothing to close).
 */
export const closeWindowOn = (
  live: LiveDiscard | null,
  floor: readonly FloorTile[],
  why: string,
): { live: LiveDiscard; floor: readonly FloorTile[] } | null => {
  if (!live || live.window === 'closed') return null;
  const out = floor.slice();
  const last = out[out.length - 1];
  if (last) out[out.length - 1] = { ...last, dead: true };
  return { live: { ...live, window: 'closed', closedBy: why, claimable: false }, floor: out };
};
