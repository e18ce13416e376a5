/**
 * The learned box refiner: a face's box put on the face's own four corners. The finder's boxes are
 * coarse (a cell is about 16 frame pixels) and square to the frame, and the reader misreads a box a
 * few pixels off its face. Round each box a crop half as large again is straightened to the box's
 * angle (as the reader's faces are: embedding-input.ts), and a small convolutional network
 * (resources/vision/box-refiner.onnx, trained by tools/vision/train-box-refiner.py on real tile
 * photographs laid on real surfaces) gives where the face's corners lie in it; the face's box is the
 * rectangle those corners make, tilted as they are. All of a frame's boxes go through in one run.
 */
import * as ort from 'onnxruntime-web/wasm';
import type { Frame } from './image';
import { runInTurn } from './finder';
import type { FacePose } from './locate';
import { netInput, straighten, NET_H, NET_W } from './embedding-input';

/** The crop round a box: this many times the box each way (the face may lie half a box off). */
export const CROP = 1.6;

/** The crop a box is refined from, as a pose (the same angle, CROP times the size). */
export const cropPose = (p: FacePose): FacePose => ({ ...p, width: p.width * CROP, height: p.height * CROP });

/** The network's input for a box: its crop straightened to NET_W x NET_H, normalised as the reader's. */
export const refinerInput = (frame: Frame, p: FacePose): Float32Array => netInput(straighten(frame, cropPose(p), NET_W, NET_H));

/** A place in the crop (0..1 across and down it) in the frame's pixels. */
export const fromCrop = (p: FacePose, u: number, v: number): [number, number] => {
  const c = cropPose(p),
    cos = Math.cos(c.angle),
    sin = Math.sin(c.angle),
    du = (u - 0.5) * c.width,
    dv = (v - 0.5) * c.height;
  return [c.cx + du * cos - dv * sin, c.cy + du * sin + dv * cos];
};

/** The face's box from its four corners in the frame (in the order of the crop's top-left,
 *  top-right, bottom-right, bottom-left): their centre, the mean of the opposite sides, and the
 *  mean direction of the sides. */
export const poseOfCorners = (q: readonly (readonly [number, number])[]): FacePose => {
  const [a, b, c, d] = q as [[number, number], [number, number], [number, number], [number, number]];
  const ux = (b[0] - a[0] + c[0] - d[0]) / 2,
    uy = (b[1] - a[1] + c[1] - d[1]) / 2,
    vx = (d[0] - a[0] + c[0] - b[0]) / 2,
    vy = (d[1] - a[1] + c[1] - b[1]) / 2;
  const au = Math.atan2(uy, ux),
    av = Math.atan2(-vx, vy);
  // the two sides' directions averaged on the circle (they differ by a few degrees at most)
  const angle = Math.atan2(Math.sin(au) + Math.sin(av), Math.cos(au) + Math.cos(av));
  return {
    cx: (a[0] + b[0] + c[0] + d[0]) / 4,
    cy: (a[1] + b[1] + c[1] + d[1]) / 4,
    angle,
    width: Math.hypot(ux, uy),
    height: Math.hypot(vx, vy),
  };
};

/** Each box put on its face's corners, all in one run of the network. */
export const refineBoxes = async (session: ort.InferenceSession, frame: Frame, poses: readonly FacePose[]): Promise<FacePose[]> => {
  if (!poses.length) return [];
  const size = 3 * NET_H * NET_W,
    data = new Float32Array(poses.length * size);
  poses.forEach((p, i) => data.set(refinerInput(frame, p), i * size));
  const crops = new ort.Tensor('float32', data, [poses.length, 3, NET_H, NET_W]);
  const out = await runInTurn(session, { crops });
  crops.dispose();
  const q = out['corners']!.data as Float32Array;
  const refined = poses.map((p, i) => poseOfCorners([0, 1, 2, 3].map((k) => fromCrop(p, q[i * 8 + 2 * k]!, q[i * 8 + 2 * k + 1]!))));
  out['corners']!.dispose();
  return refined;
};
