/**
 * `tsx tools/test-side-by-side.ts` (a step of `npm test`): the unit tests and the Electronegativity
 * scan at the same time. The scan spends most of its time waiting (its own update checks time out
 * offline), so running it beside the unit tests saves that wait on a 2-core machine. The unit
 * tests print as they go; the scan's report follows them. Fails when either fails.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => resolve(root, 'node_modules', '.bin', name);

const run = (cmd: string, args: string[], quiet: boolean): Promise<{ code: number; out: string }> =>
  new Promise((done) => {
    let out = '';
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'] });
    child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', (e) => done({ code: 1, out: `${out}${e.message}\n` }));
    child.on('close', (code) => done({ code: code ?? 1, out }));
  });

const [units, scan] = await Promise.all([
  run(bin('vitest'), ['run'], false),
  run(bin('tsx'), [resolve(root, 'tools/security/electronegativity.ts')], true),
]);
process.stdout.write(scan.out);
if (scan.code !== 0) console.error(`electronegativity failed (exit ${scan.code})`);
process.exit(units.code !== 0 ? units.code : scan.code);
