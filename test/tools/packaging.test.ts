// What electron-builder packs: out/** (main, preload, and the renderer with tesseract's worker,
// cores and English data bundled under out/renderer/tesseract/), package.json, and the
// production node_modules, i.e. `dependencies`. Nothing dev-only may ride along.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const yml = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
/** The items of a top-level list in electron-builder.yml ("key:" then "  - item" lines; comments skipped). */
const listOf = (key: string): string[] => {
  const block = new RegExp(`^${key}:\\n((?:\\s+(?:-.*|#.*)\\n)+)`, 'm').exec(yml)?.[1] ?? '';
  return [...block.matchAll(/^\s+-\s+'?([^'\n]+?)'?\s*$/gm)].map((m) => m[1]!);
};
/** A key of the top-level `mac:` block. */
const macKey = (key: string): string | undefined => {
  const mac = /^mac:\n((?:[ #].*\n)+)/m.exec(yml)?.[1] ?? '';
  return new RegExp(`^\\s+${key}:\\s*(\\S+)`, 'm').exec(mac)?.[1];
};
const builder = {
  files: listOf('files'),
  asarUnpack: listOf('asarUnpack'),
  mac: {
    hardenedRuntime: macKey('hardenedRuntime') === 'true',
    entitlements: macKey('entitlements'),
    entitlementsInherit: macKey('entitlementsInherit'),
  },
};

/** Packages main loads from node_modules at run time (electron-vite externalises dependencies). */
// qrcode: the share server draws the address's QR code in main; @tursodatabase/sync: the group
// sync process (out/main/sync.js), started only once a group is joined.
const MAIN_RUNTIME = ['@tursodatabase/sync', 'libsql', 'qrcode', 'zod'];

test('the packed dependencies are exactly what main loads at run time; the bundled ones are dev-only', () => {
  expect(Object.keys(pkg.dependencies).sort()).toEqual(MAIN_RUNTIME);
  // Bundled into out/ by the build (renderer and its tesseract folder), or used by tests and tools only.
  for (const dev of ['tesseract.js', 'tesseract.js-core', '@tesseract.js-data/eng', 'esbuild', 'electron', 'svelte'])
    expect(pkg.devDependencies, dev).toHaveProperty([dev]);
});

test.runIf(existsSync(join(root, 'out/main')))('the built main process imports exactly those packages (besides Node and Electron)', () => {
  const dir = join(root, 'out/main');
  // Two entries (index.js, and sync.js: the group sync process) share chunks/.
  const code = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  const bare = [...code.matchAll(/(?:require\(|from )["']([^"'./][^"']*)["']/g)]
    .map((m) => m[1]!)
    .filter((n) => !n.startsWith('node:') && n !== 'electron');
  expect([...new Set(bare.map((n) => (n.startsWith('@') ? n.split('/').slice(0, 2).join('/') : n.split('/')[0]!)))].sort()).toEqual(
    MAIN_RUNTIME,
  );
});

test('no file pattern packs a dev-only package', () => {
  const patterns = [...builder.files, ...builder.asarUnpack];
  for (const dev of Object.keys(pkg.devDependencies))
    for (const p of patterns) expect(p.includes(`node_modules/${dev}`), `${p} packs ${dev}`).toBe(false);
  expect(builder.files).toEqual(['out/**', 'package.json', '!**/*.map', '!node_modules/@libsql/*-musl*/**']);
  expect(builder.asarUnpack).toEqual(['node_modules/libsql/**', 'node_modules/@libsql/**', 'node_modules/@tursodatabase/**']);
});

test('the macOS build asks for the camera: a hardened, signed app needs the entitlement', () => {
  expect(builder.mac.hardenedRuntime).toBe(true);
  for (const file of [builder.mac.entitlements, builder.mac.entitlementsInherit]) {
    expect(file).toBeDefined();
    const plist = readFileSync(join(root, file!), 'utf8');
    expect(plist).toMatch(/<key>com\.apple\.security\.device\.camera<\/key>\s*<true\/>/);
  }
});

// The installer's contents built for real: electron-builder packs the Linux app folder (`--dir`)
// from the built out/ and the installed node_modules. Electron's own runtime is not downloaded in
// CI (ELECTRON_SKIP_BINARY_DOWNLOAD), so a stand-in folder takes its place (electronDist): what
// is checked is what the app adds to it.
test.runIf(process.platform === 'linux')(
  'the packed app holds the built app, one tesseract core and one libsql build for its platform',
  async () => {
    expect(existsSync(join(root, 'out/renderer/index.html')), 'out/ is missing: run `npm run build` first').toBe(true);
    const { build, Platform } = await import('electron-builder');
    const { listPackage } = await import('@electron/asar');
    const tmp = mkdtempSync(join(tmpdir(), 'mahjmate-pack-'));
    try {
      const electronDist = join(tmp, 'electron');
      mkdirSync(electronDist);
      writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\n', { mode: 0o755 });
      await build({
        projectDir: root,
        targets: Platform.LINUX.createTarget('dir'),
        publish: 'never',
        config: { extends: join(root, 'electron-builder.yml'), electronDist, directories: { output: join(tmp, 'dist') } },
      });
      const resources = join(tmp, 'dist/linux-unpacked/resources');
      const packed = listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) => f.replaceAll('\\', '/'));
      for (const f of [
        '/package.json',
        '/out/main/index.js',
        '/out/preload/index.cjs',
        '/out/renderer/index.html',
        '/out/renderer/tesseract/worker.min.js',
        '/out/renderer/tesseract/eng.traineddata.gz',
      ])
        expect(packed, f).toContain(f);
      expect(packed.filter((f) => /\/tesseract-core[^/]*$/.test(f))).toEqual([
        '/out/renderer/tesseract/tesseract-core-relaxedsimd-lstm.wasm.js',
      ]);
      expect(packed.filter((f) => f.endsWith('.map') || f.startsWith('/src/') || f.startsWith('/test/'))).toEqual([]);
      // libsql's native library is unpacked beside the archive (a .node file cannot load from inside it): one build, glibc's.
      expect(readdirSync(join(resources, 'app.asar.unpacked/node_modules/@libsql'))).toEqual([`${process.platform}-${process.arch}-gnu`]);
      expect(packed.filter((f) => /^\/node_modules\/@libsql\/[^/]+$/.test(f))).toEqual([
        `/node_modules/@libsql/${process.platform}-${process.arch}-gnu`,
      ]);
      // The group sync client's addon, unpacked too; the test server (tursodb, a dev package) stays out.
      const turso = readdirSync(join(resources, 'app.asar.unpacked/node_modules/@tursodatabase')).sort();
      expect(turso).toContain(`sync-${process.platform}-${process.arch}-gnu`);
      expect(turso.filter((d) => d.startsWith('cli-'))).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  },
  240_000,
);
