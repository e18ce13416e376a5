import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PNG } from 'pngjs';

// `npm run -s read-card -- IMAGE` with real tesseract.js on real pictures: a scan drawn by
// tools/card/render-card.ts (seed 8) from the invented sample card the app ships
// (resources/cards/sample-card.txt), and pictures of no card.
const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const run = (...args: string[]) => spawnSync(tsx, [join(root, 'tools', 'read-card.ts'), ...args], { cwd: root, encoding: 'utf8' });
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-read-card-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const oneSentence = (stderr: string) => {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^[^\n]+\.$/);
};

describe('read-card', () => {
  test('prints the card of a scan in the card format', () => {
    const r = run(join(root, 'test', 'fixtures', 'cards', 'sample-scan.png'));
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('card "MahjMate sample (invented)"');
    expect(lines).toContain('section "Winds and dragons"');
    // suits by colour: three inks, three letters, the black winds and Flowers none
    expect(lines).toContain('30 X  FFFF DDDa DDDb DDDDc  # dragons of all three suits');
    // a black pung of Soaps beside coloured groups
    expect(lines).toContain('25 X  222a 000 2026b 6666a  # 000: a pung of Soaps');
    // `any` from the note
    expect(lines).toContain('25 X any  11a 222a 3333a 444a 55a  # any five numbers in a row, one suit');
    // alternatives, Singles and Pairs from its section
    expect(lines).toContain('50 C sp  NN EE WW SS 11a 22a 33a | NN EE WW SS 22a 44a 66a');
    expect(lines.filter((l) => /^\d+\??\s+[XC]\s/.test(l))).toHaveLength(49);
  }, 240_000); // a 49-hand card read by tesseract on a busy machine

  test('a file that is not an image: exit 2, one sentence', () => {
    const f = join(dir, 'notes.png');
    writeFileSync(f, 'these are not pixels\n');
    const r = run(f);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    oneSentence(r.stderr);
    expect(r.stderr).toContain('is not a JPEG or PNG image');
  });

  test('a missing file: exit 2, one sentence', () => {
    const r = run(join(dir, 'nowhere.jpg'));
    expect(r.status).toBe(2);
    oneSentence(r.stderr);
  });

  test('an empty picture: exit 2, no card', () => {
    const png = new PNG({ width: 800, height: 600 });
    png.data.fill(250);
    const f = join(dir, 'blank.png');
    writeFileSync(f, PNG.sync.write(png));
    const r = run(f);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    oneSentence(r.stderr);
    expect(r.stderr).toContain('no card could be read');
  });

  test('a photo of something else (a tile): exit 2, no card', () => {
    const r = run(join(root, 'test', 'fixtures', 'vision-real', 'camerash-142.jpg'));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    oneSentence(r.stderr);
    expect(r.stderr).toContain('no card could be read');
  });
});
