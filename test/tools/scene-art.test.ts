import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { straighten } from '../../src/vision/embedding-input';
import type { FacePose } from '../../src/vision/locate';
import { BENCH_FACES_FILE, benchFaces } from '../../tools/vision/scene';
import { readJpeg } from '../../tools/vision/decode';

const dir = join(import.meta.dirname, '..', 'fixtures', 'vision', 'bench');
const truth: { file: string }[] = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8'));
const poses: Record<string, FacePose> = JSON.parse(readFileSync(join(dir, BENCH_FACES_FILE), 'utf8'));

describe("the synthetic scenes' art", () => {
  test('every render of the bench has its face pinned (a render added without pinning would drop out of the scenes)', () => {
    expect(truth.filter((t) => !poses[t.file]).map((t) => t.file)).toEqual([]);
  });

  test('is cut at the pinned poses, not where the locator finds the face now', () => {
    // A copy of one render whose pinned pose is moved: the art follows the file, whatever locateTile says.
    const copy = mkdtempSync(join(tmpdir(), 'mahjmate-scene-art-'));
    try {
      const { file } = truth[0]!;
      const moved = { ...poses[file]!, cx: poses[file]!.cx + 8, angle: poses[file]!.angle + 0.2 };
      copyFileSync(join(dir, file), join(copy, file));
      writeFileSync(join(copy, 'truth.json'), JSON.stringify([truth[0]]));
      writeFileSync(join(copy, BENCH_FACES_FILE), JSON.stringify({ [file]: moved }));
      const [art] = benchFaces(copy);
      const frame = readJpeg(join(dir, file));
      expect(Buffer.from(art!.face.data).equals(Buffer.from(straighten(frame, moved, 60, 80).data))).toBe(true);
      expect(Buffer.from(art!.face.data).equals(Buffer.from(straighten(frame, poses[file]!, 60, 80).data))).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
