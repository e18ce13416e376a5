/** Messages between the UI thread and the recognizer worker. */
import type { LocateError } from './locate';
import type { FloorReading } from './floor';
import type { SavedSet } from './saved-set';
import type { Candidate } from './tile-set';

export type { Candidate };
/** A tile proposed to the player: under the panel's 60% line it is shown as "not sure". */
export interface Proposal extends Candidate {
  runnersUp: Candidate[];
}
export type RecognizeError = LocateError | 'unreadable' | 'no-references' | 'other-model';
export type Recognition = { ok: true; proposal: Proposal } | { ok: false; error: RecognizeError; message: string };

export type ToWorker =
  | { type: 'init' }
  /** the set to read with: a saved set, or null for the built-in one */
  | { type: 'set'; set: SavedSet | null }
  /** before: the region as it lay before the tile was laid down (the new discard is what changed) */
  | { type: 'recognize'; id: number; width: number; height: number; data: Uint8ClampedArray; before?: Uint8ClampedArray }
  /** teaching: the one tile held in the region, described for the set */
  | { type: 'teach'; id: number; width: number; height: number; data: Uint8ClampedArray }
  /** every tile face in the whole frame (floor.ts), for the floor check */
  | { type: 'floor'; id: number; width: number; height: number; data: Uint8ClampedArray };

export type FromWorker =
  | { type: 'ready' }
  /** `id`: the request that failed (a recognize, teach or floor job), so its caller is answered, never left waiting. */
  | { type: 'error'; id?: number; message: string }
  | { type: 'recognized'; id: number; result: Recognition; ms: number }
  /** descriptors: the reading network's embeddings of the tile; model: that network's id (tile-set.ts TileSet.model) */
  | { type: 'taught'; id: number; ok: true; descriptors: Float32Array[]; model: string }
  | { type: 'taught'; id: number; ok: false; message: string }
  | { type: 'floor'; id: number; readings: FloorReading[] };
