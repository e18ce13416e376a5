/**
 * `npm run bench`: runs every bench/*.ts except itself, one child process each (tsx), and
 * passes their `name: value` lines through. A bench that fails is reported as
 * `<file>.failed: 1` on stdout (its stderr on ours) and makes the run exit 1. Last,
 * `vision.auto_record_wrong`: the wrong tiles every camera pipeline measured would have recorded
 * by itself, summed (each bench prints its own).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== basename(fileURLToPath(import.meta.url)))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

let failed = false;
let autoWrong: number | null = null;
// Benches that load the built renderer (out/) get a fresh build first.
const needsBuild = [
  'table.ts',
  'table-layout.ts',
  'large-ui.ts',
  'large10y-ui.ts',
  'view.ts',
  'view-join.ts',
  'view-layout.ts',
  'share-flood.ts',
];
if (
  files.some((f) => needsBuild.includes(f)) &&
  spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, stdio: ['ignore', 2, 2] }).status !== 0
)
  failed = true;
for (const f of files) {
  const r = spawnSync(tsx, [join(here, f)], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const lines = (r.stdout ?? '').split('\n').filter((l) => /^[\w.\-/]+: \S+/.test(l));
  for (const l of lines) {
    process.stdout.write(`${l}\n`);
    const wrong = /^vision\.[\w.]*auto_record_wrong(?:_at_95)?: (\d+)$/.exec(l);
    if (wrong) autoWrong = (autoWrong ?? 0) + Number(wrong[1]);
  }
  if (r.status !== 0) {
    failed = true;
    process.stdout.write(`${basename(f, '.ts')}.failed: 1\n`);
    process.stderr.write(`bench ${f} exited ${r.status ?? r.signal}: ${(r.stderr ?? '').trim().split('\n').slice(-5).join(' | ')}\n`);
  }
}
if (autoWrong !== null) process.stdout.write(`vision.auto_record_wrong: ${autoWrong}\n`);
process.exit(failed ? 1 : 0);
