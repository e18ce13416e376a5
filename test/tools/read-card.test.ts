import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PNG } from 'pngjs';

// `npm run -s read-card -- IMAGE` with real tesseract.js on real pictures: a scan drawn by
// tools/card/render-card.ts (seed 8) from the invented sample card, and pictures of no card.
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
    expect(lines[0]).toBe('card "Invented sample card"');
    expect(lines).toContain('section "Winds and dragons"');
    // suits by colour: three inks, three letters, the black winds none
    expect(lines).toContain('30 X  NEWS DDDa DDDb DDDDc  # any 3 suits');
    // alternatives, `any` from the note, one suit throughout the second
    expect(lines).toContain('30 X any  111a 222b 3333c FFFF | 111a 222a 3333a FFFF  # any 3 consec. nos.');
    // Singles and Pairs from its section, the black Soap pung and the dragons
    expect(lines).toContain('35 C  FF NNN RRR GGG 000');
    expect(lines.filter((l) => /^\d+\??\s+[XC]\s/.test(l))).toHaveLength(16);
  });

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
