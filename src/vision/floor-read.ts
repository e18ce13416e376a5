/**
 * The whole floor, through the chosen face finder: the learned one (finder.ts, read by
 * floor-learned.ts) or the pale-block one (find-faces.ts, read by floor.ts). The bench compares
 * them (bench/vision-real-scene.ts --finder).
 */
import type { Frame } from './image';
import type { TileSet } from './tile-set';
import type { Net } from './embedding';
import type { Finder } from './finder';
import { readFloor, type FloorReading } from './floor';
import { readFloorLearned } from './floor-learned';

export type FloorFinder = 'learned' | 'pale-blocks';
/** The one switch: which finder reads the whole floor when the learned one is loaded. */
export const FLOOR_FINDER: FloorFinder = 'learned';

/** The pale-block finder reads when the learned one is not loaded (its file missing or unreadable). */
export const readFloorWith = (
  frame: Frame,
  set: TileSet,
  net: Net,
  finder: Finder | null,
  which: FloorFinder = FLOOR_FINDER,
): Promise<FloorReading[]> =>
  which === 'learned' && finder ? readFloorLearned(frame, set, net, finder) : Promise.resolve(readFloor(frame, set, net));
