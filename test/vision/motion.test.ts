import { describe, expect, it } from 'vitest';
import { ArrivalDetector } from '../../src/vision/motion';
import { readJpeg } from '../../tools/vision/decode';
import { crop, makeFrame, type Frame } from '../../src/vision/image';
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
    // A 480x360 window of the table round the tile laid, about the region the camera watches.
    const scene = makeScene(faces, 11),
      [x, y, w, h] = scene.tiles[3]!.box;
    const window = (f: Frame) => crop(f, x + w / 2 - 240, y + h / 2 - 180, 480, 360);
    const before = window(makeScene(faces, 11, { leaveOut: 3 }).frame),
      after = window(scene.frame);
    const d = new ArrivalDetector({ settleFrames: 1 });
    d.push(before);
    expect(d.push(before)).toBe('arrived');
    // Read once (the mean over the region hardly moves, so it may settle at once), then still.
    expect([d.push(after), d.push(after)].filter((x) => x === 'arrived')).toHaveLength(1);
    expect(d.push(after)).toBe('still');
    // The whole region a little brighter (the camera's exposure): the same scene.
    const lighter = makeFrame(after.width, after.height);
    for (let i = 0; i < lighter.data.length; i++) lighter.data[i] = i % 4 === 3 ? 255 : Math.min(255, after.data[i]! + 8);
    d.push(lighter); // the jump itself is movement
    expect(d.push(lighter)).toBe('still');
  });
});
