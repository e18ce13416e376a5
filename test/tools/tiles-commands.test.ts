import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PNG } from 'pngjs';
import { benchFaces, makeScene } from '../../tools/vision/scene';
import { crop } from '../../src/vision/image';

const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const FIX = join(root, 'test', 'fixtures', 'vision-real');
const run = (tool: string, args: string[]) =>
  spawnSync(tsx, [join(root, 'tools', 'vision', `${tool}.ts`), ...args], { cwd: root, encoding: 'utf8' });
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-tiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const setFile = join(dir, 'set.json');
const reads: { file: string; tile: string }[] = JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8'));

describe('teach-tiles and read-tiles on real photographs', () => {
  test('teaches a set from a truth file and reads other shots with it, one JSON line per file', () => {
    const t = run('teach-tiles', ['--out', setFile, join(FIX, 'teach.json')]);
    expect(t.status, t.stderr).toBe(0);
    expect(t.stderr).toContain('Taught 18 shots of 6 kinds');
    expect(t.stderr).toContain('Not taught yet: One Bam');
    const files = reads.slice(0, 4).map((r) => join(FIX, r.file));
    const r = run('read-tiles', ['--set', setFile, ...files]);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.file)).toEqual(files);
    expect(lines.map((l) => l.tile)).toEqual(reads.slice(0, 4).map((x) => x.tile));
    for (const l of lines) {
      expect(l.confidence).toBeGreaterThan(0);
      expect(l.confidence).toBeLessThanOrEqual(1);
      expect(l.runnersUp).toHaveLength(3);
      expect(l.runnersUp.every((c: { tile: string }) => c.tile !== l.tile)).toBe(true);
    }
  });

  test('read-tiles without --set reads with the built-in set, same output', () => {
    const files = reads.slice(0, 3).map((r) => join(FIX, r.file));
    const r = run('read-tiles', files);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.file, l.tile])).toEqual(reads.slice(0, 3).map((x) => [join(FIX, x.file), x.tile]));
    for (const l of lines) expect(Object.keys(l)).toEqual(['file', 'tile', 'confidence', 'runnersUp']);
    expect(run('read-tiles', ['--set']).stderr).toContain('Usage: npm run -s read-tiles -- [--all] [--set SET.json] FILE...');
  });

  test('read-tiles --all prints every face found in a table frame, one JSON line each, box in the frame', () => {
    const scene = makeScene(benchFaces(undefined, 40), 3);
    const file = join(dir, 'table.png');
    const png = new PNG({ width: scene.frame.width, height: scene.frame.height });
    png.data = Buffer.from(scene.frame.data);
    writeFileSync(file, PNG.sync.write(png));
    const r = run('read-tiles', ['--all', file]);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThan(5);
    for (const l of lines) {
      expect(Object.keys(l)).toEqual(['file', 'box', 'angle', 'tile', 'confidence', 'runnersUp']);
      const [x, y, w, h] = l.box;
      expect(x >= -2 && y >= -2 && x + w <= 1282 && y + h <= 722 && w > 10 && h > 10).toBe(true);
    }
  });

  test("read-tiles reads the face nearest the frame's centre when the frame holds its neighbours too", () => {
    // Scene 3's sixth and seventh tiles (Nine Crak, North) lie in one row; a frame round each holds
    // the edge of the other, and each is read as the one in the middle.
    const scene = makeScene(benchFaces(undefined, 40), 3);
    const files = [5, 6].map((k) => {
      const [x, y, w, h] = scene.tiles[k]!.box,
        size = Math.round(Math.max(w, h) * 1.8);
      const f = crop(scene.frame, x + w / 2 - size / 2, y + h / 2 - size / 2, size, size);
      const png = new PNG({ width: f.width, height: f.height });
      png.data = Buffer.from(f.data);
      const file = join(dir, `centre-${k}.png`);
      writeFileSync(file, PNG.sync.write(png));
      return file;
    });
    expect([5, 6].map((k) => scene.tiles[k]!.tile)).toEqual(['9C', 'N']);
    const r = run('read-tiles', files);
    expect(r.status, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).tile),
    ).toEqual(['9C', 'N']);
  });

  test('read-tiles: a missing file and a file that is not an image get an error line each, exit 2', () => {
    const notImage = join(dir, 'notes.jpg');
    writeFileSync(notImage, 'just text');
    const good = join(FIX, reads[0]!.file);
    const r = run('read-tiles', ['--set', setFile, join(dir, 'nope.jpg'), notImage, good]);
    expect(r.status).toBe(2);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ file: join(dir, 'nope.jpg'), error: `There is no file ${join(dir, 'nope.jpg')}.` });
    expect(lines[1].error).toContain('is not a JPEG or PNG image');
    expect(lines[2].tile).toBe(reads[0]!.tile);
    expect(r.stderr).toContain('could not be read as images');
  });

  test('read-tiles: a bad set file is refused with a sentence, nothing read', () => {
    const bad = join(dir, 'bad-set.json');
    writeFileSync(bad, '{"version": 3, "name": "x", "model": "0badc0de", "entries": [{"tile": "5B", "d": "AAAA"}]}');
    const old = join(dir, 'old-set.json');
    writeFileSync(old, '{"version": 2, "name": "x", "entries": [{"tile": "5B", "d": "AAAA"}]}');
    const otherNet = join(dir, 'other-net.json');
    writeFileSync(otherNet, JSON.stringify({ ...JSON.parse(readFileSync(setFile, 'utf8')), model: '0badc0de' }));
    const good = join(FIX, reads[0]!.file);
    for (const [set, words] of [
      [bad, 'is damaged'],
      [old, 'taught with an earlier version'],
      [otherNet, 'taught with an earlier version'],
      [join(FIX, 'teach.json'), 'not a tile set made by teach-tiles'],
      [join(dir, 'none.json'), 'There is no tile set'],
    ] as const) {
      const r = run('read-tiles', ['--set', set, good]);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(words);
    }
  });

  test('teach-tiles: a bad truth file or a missing photograph is refused, no set written', () => {
    const out = join(dir, 'never.json');
    const truth = join(dir, 'truth.json');
    copyFileSync(join(FIX, 'camerash-142.jpg'), join(dir, 'g.jpg'));
    const cases: [string, string][] = [
      ['[{"file": "g.jpg", "tile": "5X"}]', 'no tile such as "5B"'],
      ['[{"file": "missing.jpg", "tile": "G"}]', 'There is no file'],
      ['{"file": "g.jpg"}', 'should list photographs'],
      ['not json', 'is not JSON'],
    ];
    for (const [text, words] of cases) {
      writeFileSync(truth, text);
      const r = run('teach-tiles', ['--out', out, truth]);
      expect(r.status, text).toBe(2);
      expect(r.stderr).toContain(words);
      expect(() => readFileSync(out)).toThrow();
    }
    expect(run('teach-tiles', [truth]).stderr).toContain('Usage: npm run -s teach-tiles');
  });
});
