// `npm run -s hand`, spawned for real: the spec's example, the exit codes, JSON on stdout and one
// sentence on stderr.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const sampleCard = join(root, 'resources', 'cards', 'sample-card.txt');
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-hand-'));
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const hand = (...args: string[]) => spawnSync('npm', ['run', '-s', 'hand', '--', ...args], { cwd: root, encoding: 'utf8' });
const handIn = (card: string, input: string) =>
  spawnSync('npm', ['run', '-s', 'hand', '--', card, '-'], { cwd: root, encoding: 'utf8', input });

const SPEC_CARD = `card "Tuesday group 2026" year=2026
# comments run to the end of the line
section "2026"
25 X  FF 2026a 2222b 2222c               # any 3 suits
30 C  NN EW SS 2026a 2026b
section "Consecutive run"
25 X any  11a 222a 3333a 444a 55a          # any 5 consecutive numbers, one suit
section "Singles and pairs"
50 C sp  NN EE WW SS 11a 22a 33a | NN EE WW SS 22a 44a 66a
`;
const SPEC_HAND = '{"tiles": ["F","F","2B","0","2B","6B","2C","2C","2C","J","2D","2D","2D","2D"], "exposures": [["2C","2C","2C","J"]]}';

const oneSentence = (stderr: string, start: RegExp): void => {
  expect(stderr.endsWith('\n')).toBe(true);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(start);
};

describe('npm run -s hand -- CARD HAND', () => {
  test("the spec's example: one JSON object on stdout, exit 0", () => {
    const r = hand(file('spec.txt', SPEC_CARD), file('spec-hand.json', SPEC_HAND));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      matches: [{ section: '2026', hand: 1, value: 25, concealed: false }],
      best: { section: '2026', hand: 1, value: 25, concealed: false },
      jokerless: false,
    });
  });

  test('matches ordered by value then card order; jokerless; a hand from standard input', () => {
    const card = file('order.txt', 'card "O"\nsection "A"\n25 X NNNN EEE WWW SSSS\nsection "B"\n30 X NNNN EEE WWW SSSS\n');
    const r = handIn(card, '{"tiles": ["n","n","n","n","e","e","e","w","w","w","s","s","s","s"], "exposures": []}');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      matches: [
        { section: 'B', hand: 1, value: 30, concealed: false },
        { section: 'A', hand: 1, value: 25, concealed: false },
      ],
      best: { section: 'B', hand: 1, value: 30, concealed: false },
      jokerless: true,
    });
  });

  test('no match: best null, exit 0', () => {
    const r = hand(
      sampleCard,
      file('none.json', '{"tiles": ["1B","2B","3B","4B","5B","6B","7B","8B","9B","1C","2C","3C","4C","5C"], "exposures": []}'),
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ matches: [], best: null, jokerless: true });
  });

  test('a card that cannot be read: exit 2, nothing on stdout, its first problem on stderr', () => {
    const bad = SPEC_CARD.replace('30 C  NN EW SS 2026a 2026b', '30 C  NN EW SS 2027a 202b').replace(
      '25 X  FF 2026a 2222b 2222c',
      '25 X  FF 2026a 2222b 2222c\n25 X FF 2027a 222b 2222c',
    );
    const r = hand(file('bad.txt', bad), file('h.json', SPEC_HAND));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    oneSentence(r.stderr, /^card line 5: FF holds 2 tiles, 2027a 4, 222b 3, 2222c 4, the pattern 13, not 14\n$/);
  });

  test.each([
    ['13 tiles', '{"tiles": ["F","F","2B","0","2B","6B","2C","2C","2C","J","2D","2D","2D"], "exposures": []}', /holds 13 tiles, not 14/],
    [
      'an unknown code',
      '{"tiles": ["F","F","2B","0","2B","6B","2C","2C","2C","J","2D","2D","2D","X"], "exposures": []}',
      /"X", is not a tile code/,
    ],
    [
      'eight Flowers and a ninth',
      '{"tiles": ["F","F","F","F","F","F","F","F","F","J","2D","2D","2D","2D"], "exposures": []}',
      /9 Flowers, and the set has only 8/,
    ],
    ['nine jokers', '{"tiles": ["J","J","J","J","J","J","J","J","J","F","2D","2D","2D","2D"], "exposures": []}', /9 jokers/],
    [
      'an exposure not among the 14',
      '{"tiles": ["F","F","2B","0","2B","6B","2C","2C","2C","J","2D","2D","2D","2D"], "exposures": [["5B","5B","5B"]]}',
      /among the 14/,
    ],
    ['not JSON', '{"tiles": [', /is not JSON/],
  ])('a hand that cannot be read (%s): exit 2, one sentence', (_, json, says) => {
    const r = hand(sampleCard, file('bad-hand.json', json));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    oneSentence(r.stderr, says);
  });

  test('a missing file and a wrong call: exit 2, one sentence', () => {
    const missing = hand(join(dir, 'nope.txt'), file('h2.json', SPEC_HAND));
    expect(missing.status).toBe(2);
    oneSentence(missing.stderr, /the card .*nope\.txt cannot be read: there is no such file/);
    const usage = hand(sampleCard);
    expect(usage.status).toBe(2);
    oneSentence(usage.stderr, /^usage: npm run -s hand/);
  });
});

describe('npm run -s hand -- CARD --check', () => {
  test('a card without problems: nothing printed, exit 0', () => {
    const r = hand(sampleCard, '--check');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
  });

  test('each problem a sentence on stdout naming its line, exit 2', () => {
    const bad =
      'card "Bad"\nsection "S"\n25 X FF 2027a 222b 2222c\n25 X 11a 11a 11a 2222b 2222c\n30 Y NNNN\n25 X any FF 2026a 2222b 2222c\n';
    const r = hand(file('check.txt', bad), '--check');
    expect(r.status).toBe(2);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      'card line 3: FF holds 2 tiles, 2027a 4, 222b 3, 2222c 4, the pattern 13, not 14',
      'card line 4: the pattern needs 6 tiles of 1a in singles and pairs, where no joker may stand, and the set has only 4',
      'card line 5: after the value comes X (it may hold exposures) or C (concealed), not "Y"',
      'card line 6: the pattern has any, which shifts every number, and the year 2026a would shift with it: a hand with a year takes no any',
    ]);
  });
});
