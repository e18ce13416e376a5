import { describe, expect, it } from 'vitest';
import { ArrivalDetector } from '../../src/vision/motion';
import { readJpeg } from '../../tools/vision/decode';

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
});
