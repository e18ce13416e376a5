import { describe, expect, it } from 'vitest';
import { ArrivalDetector } from '../../src/vision/motion';
import { readJpeg } from '../../tools/vision/decode';
import { makeFrame } from '../../src/vision/image';
import { benchFaces, makeScene } from '../../tools/vision/scene';

const table = readJpeg('test/fixtures/vision/bad/empty.jpg');
const tileA = readJpeg('test/fixtures/vision/bench/0005.jpg');
const tileB = readJpeg('test/fixtures/vision/bench/0040.jpg');

describe('ArrivalDetector (frame differencing)', () => {
  it('reports each settled new scene exactly once', () => {
    const d = new ArrivalDetector({ settleFrames: 2 });
    const feed = (f: typeof table, n: number) => Array.from({ length: n }, () => d.push(f));
    expect(feed(table, 4)).toEqual(['moving', 'moving', 'arrived', 'still']);
    expect(feed(tileA, 6)).toEqual(['moving', 'moving', 'arrived', 'still', 'still', 'still']);
    expect(feed(tileB, 3)).toEqual(['moving', 'moving', 'arrived']);
    expect(feed(tileB, 5).filter((s) => s === 'arrived')).toHaveLength(0);
  });

  it('reads the same scene again only after a reset', () => {
    const d = new ArrivalDetector({ settleFrames: 1 });
    d.push(tileA);
    expect(d.push(tileA)).toBe('arrived');
    expect(d.push(tileA)).toBe('still');
    d.reset();
    expect(d.push(tileA)).toBe('arrived');
  });

  it('sees one tile laid among many (a small part of the region changes a lot), not a slight change of light', () => {
    const faces = benchFaces(undefined, 40);
    const before = makeScene(faces, 11, { width: 640, height: 360, leaveOut: 3 }).frame, after = makeScene(faces, 11, { width: 640, height: 360 }).frame;
    const d = new ArrivalDetector({ settleFrames: 1 });
    d.push(before);
    expect(d.push(before)).toBe('arrived');
    expect(d.push(after)).toBe('moving');
    expect(d.push(after)).toBe('arrived');
    // The whole region a little brighter (the camera's exposure): the same scene.
    const lighter = makeFrame(after.width, after.height);
    for (let i = 0; i < lighter.data.length; i++) lighter.data[i] = i % 4 === 3 ? 255 : Math.min(255, after.data[i]! + 8);
    d.push(lighter); // the jump itself is movement
    expect(d.push(lighter)).toBe('still');
  });
});
