/**
 * The new discard's choice tried on cases written by bench/vision-real-scene.ts --new-discard-cases
 * DIR (development seeds): for each case whether the finder boxed the laid tile after, which face was chosen and why
 * a miss was missed (and whether two tiles laid at once were told), then the figures for each value of one tuned value (`--try name v1,v2,..`).
 *
 *   npx tsx tools/vision/new-discard-check.ts CASEDIR [--verbose] [--try novel 15,20,25]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Frame } from '../../src/vision/image';
import type { FloorReading } from '../../src/vision/floor';
import { chooseNew, judgeFaces, TWO_AT_ONCE } from '../../src/vision/new-discard';
import { tableChange } from '../../src/vision/table-change';
import { NEW_DISCARD_TUNING, type NewDiscardTuning } from '../../src/vision/finder-tuning';
import type { SceneTile } from './scene';

const DIR = process.argv[2]!;
const at = process.argv.indexOf('--try');
const [name, values] =
  at > 0
    ? [process.argv[at + 1]! as keyof NewDiscardTuning, process.argv[at + 2]!.split(',').map(Number)]
    : ['novel' as const, [NEW_DISCARD_TUNING.novel]];
const verbose = process.argv.includes('--verbose');
const frameOf = (file: string, width: number, height: number): Frame => ({
  width,
  height,
  data: new Uint8ClampedArray(gunzipSync(readFileSync(file))),
});
const inBox = (t: SceneTile, f: FloorReading) => {
  const x = f.box[0] + f.box[2] / 2,
    y = f.box[1] + f.box[3] / 2;
  return x > t.box[0] && x < t.box[0] + t.box[2] && y > t.box[1] && y < t.box[1] + t.box[3];
};
const cases = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const c = JSON.parse(readFileSync(join(DIR, f), 'utf8'));
    const base = join(DIR, f.replace(/\.json$/, ''));
    return {
      ...c,
      name: f.replace(/\.json$/, ''),
      before: frameOf(`${base}.before.gz`, c.width, c.height),
      after: frameOf(`${base}.after.gz`, c.width, c.height),
    };
  });
for (const v of values) {
  const t = { ...NEW_DISCARD_TUNING, [name]: v };
  const tally = new Map<string, number>(),
    right = { bump: 0, hand: 0, nudge: 0, two: 0 } as Record<string, number>,
    n = { bump: 0, hand: 0, nudge: 0, two: 0 } as Record<string, number>;
  let ms = 0;
  for (const c of cases) {
    const truth: SceneTile = c.truth;
    const t0 = process.cpuUsage();
    const side = [...c.now.map((f: FloorReading) => Math.min(f.box[2], f.box[3]))].sort((a, b) => a - b)[c.now.length >> 1] ?? 1;
    const judged = judgeFaces(tableChange(c.before, c.after, side, t), c.now as FloorReading[], t);
    const laid = chooseNew(judged, t);
    const u = process.cpuUsage(t0);
    ms += (u.user + u.system) / 1000;
    const mine = judged.filter((j) => inBox(truth, j.face));
    let why: string;
    // two tiles laid at once (`two`): right when told so
    if (c.change === 'two') why = laid === TWO_AT_ONCE ? 'right' : laid ? 'one proposed' : 'nothing chosen';
    else if (laid && laid !== TWO_AT_ONCE && inBox(truth, laid) && laid.tile === truth.tile) why = 'right';
    else if (!mine.length) why = 'finder missed laid tile after';
    else if (laid === null) why = 'nothing chosen';
    else if (laid === TWO_AT_ONCE) why = 'two at once';
    else if (!inBox(truth, laid)) {
      const other = (c.tiles as SceneTile[]).find((x) => inBox(x, laid));
      why = other ? 'another tile chosen' : 'a false face chosen';
    } else why = 'laid chosen, read wrong';
    n[c.change]++;
    if (why === 'right') right[c.change]++;
    tally.set(`${c.change}: ${why}`, (tally.get(`${c.change}: ${why}`) ?? 0) + 1);
    if (verbose) {
      const show = (j: (typeof judged)[number]) =>
        `${j.face.tile}${inBox(truth, j.face) ? '*' : ''} c${j.face.closeness.toFixed(2)} p${j.face.confidence.toFixed(2)} novel ${j.novel.toFixed(0)} patch ${j.patch.toFixed(1)}`;
      const top = [...judged].sort((a, b) => b.novel - a.novel).slice(0, 3);
      console.error(`${c.name} ${truth.tile}: ${why}; laid ${mine.map(show).join(' / ') || '-'}; newest ${top.map(show).join(' / ')}`);
    }
  }
  const laidN = n.bump! + n.hand! + n.nudge!;
  console.log(
    `${name}=${v}: right ${((right.bump! + right.hand! + right.nudge!) / laidN).toFixed(3)} (bump ${right.bump}/${n.bump}, hand ${right.hand}/${n.hand}, nudge ${right.nudge}/${n.nudge}), two at once told ${right.two}/${n.two}, ${(ms / cases.length).toFixed(0)} CPU ms a case`,
  );
  for (const [k, m] of [...tally].sort()) if (!k.endsWith('right')) console.log(`  ${k}: ${m}`);
}
