// Reading a card's text: the sample card reads whole, and each problem the format names is
// reported as one sentence naming its line (and stops the card from reading).
import { describe, expect, test } from 'vitest';
import { checkCard, parseCard, patternTileCount, readCardText } from '../../../src/core/card';
import { sample, sampleText } from './helpers';

describe('the sample card', () => {
  const card = sample();

  test('reads whole: name, year, sections, 40-60 hands each of 14 tiles', () => {
    expect(card.name).toBe('MahjMate sample (invented)');
    expect(card.year).toBe(2026);
    expect(card.hands.length).toBeGreaterThanOrEqual(40);
    expect(card.hands.length).toBeLessThanOrEqual(60);
    expect(new Set(card.hands.map((h) => h.section)).size).toBeGreaterThanOrEqual(8);
    expect(card.hands.every((h) => h.tiles === 14 && h.patterns.length >= 1)).toBe(true);
    expect(checkCard(sampleText)).toEqual([]);
  });

  test('hands are numbered from 1 within their section, in file order, and named SECTION #N', () => {
    const h = card.hands.find((x) => x.name === '2026 #2')!;
    expect(h).toMatchObject({ section: '2026', number: 2, value: 25, concealed: false, any: false, sp: false });
    expect(h.patterns).toEqual(['222a 000 2026b 6666a']);
    expect(sampleText.split('\n')[h.line - 1]).toContain('222a 000 2026b 6666a');
    const evens = card.hands.filter((x) => x.section === 'Evens');
    expect(evens.map((x) => x.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(card.hands.map((x) => x.name)).size).toBe(card.hands.length);
  });

  test('flags and alternatives: C, any, sp and | are read', () => {
    const sp = card.hands.find((x) => x.name === 'Singles and pairs #1')!;
    expect(sp).toMatchObject({ value: 50, concealed: true, sp: true, any: false });
    expect(sp.patterns).toEqual(['NN EE WW SS 11a 22a 33a', 'NN EE WW SS 22a 44a 66a']);
    expect(card.hands.find((x) => x.name === 'Singles and pairs #3')).toMatchObject({ any: true, sp: true, value: 75 });
    expect(card.hands.find((x) => x.name === 'Runs #1')).toMatchObject({ any: true, concealed: false });
  });

  test('uses every feature of the format', () => {
    const all = card.hands.flatMap((h) => h.patterns).join(' ');
    for (const token of ['F', 'N', 'E', 'W', 'S', 'R', 'G', 'D', '0']) expect(all).toContain(token);
    expect(all).toMatch(/\b\d*[a]\b.*\b\d*[b]\b.*\b\d*[c]\b/);
    expect(card.hands.some((h) => h.patterns.some((p) => /(\S)\1{4}/.test(p.replace(/[abc]/g, ''))))).toBe(true); // a quint
    expect(card.hands.some((h) => h.patterns.length > 1)).toBe(true);
    expect(card.hands.some((h) => h.concealed) && card.hands.some((h) => h.any) && card.hands.some((h) => h.sp)).toBe(true);
  });
});

const card = (...lines: string[]) => ['card "Test" year=2026', 'section "S"', ...lines].join('\n');

type Bad = { rule: string; text: string; line: number; says: RegExp };

// Each problem the format names, on the line it is on.
const BAD: Bad[] = [
  {
    rule: 'a pattern not of 14 tiles (the spec example)',
    text: card('25 X FF 2027a 222b 2222c'),
    line: 3,
    says: /^card line 3: FF holds 2 tiles, 2027a 4, 222b 3, 2222c 4, the pattern 13, not 14$/,
  },
  { rule: 'too many tiles', text: card('25 X FF 2026a 2222b 22222c'), line: 3, says: /the pattern 15, not 14/ },
  {
    rule: 'each alternative of 14 tiles',
    text: card('25 X FF 2026a 2222b 2222c | FF 2026a 2222b 222c'),
    line: 3,
    says: /in pattern 2, .*the pattern 13, not 14/,
  },
  {
    rule: 'a tile needed more than 4 times in singles and pairs',
    text: card('25 X 11a 11a 11a 2222b 2222c'),
    line: 3,
    says: /needs 6 tiles of 1a in singles and pairs, where no joker may stand, and the set has only 4/,
  },
  {
    rule: 'more than 8 Flowers real (no joker in pairs)',
    text: card('25 X FF FF FF FF FF NN EE'),
    line: 3,
    says: /needs 10 Flowers in singles and pairs.*only 8/,
  },
  {
    rule: 'more jokers than 8',
    text: card('25 X 1111a 1111a 11111a F'),
    line: 3,
    says: /needs 9 jokers beyond the real tiles, and the set has only 8/,
  },
  {
    rule: 'sp needs a joker (a quint)',
    text: card('50 C sp 11111a 22a 33a 44a 55a 6a'),
    line: 3,
    says: /needs 5 tiles of 1a, and a Singles and Pairs hand \(sp\) takes no joker/,
  },
  {
    rule: 'a D whose dragon is needed too often in every choice of suits',
    text: card('25 X RR RR GG GG 00 00 DDa'),
    line: 3,
    says: /needs 6 tiles of G and Da \(one tile when a is Bams\) in singles and pairs/,
  },
  { rule: 'any with a year group', text: card('25 X any FF 2026a 2222b 2222c'), line: 3, says: /any.*year 2026a/ },
  { rule: 'an unknown token', text: card('25 X FF 2026a 2222b 2222x'), line: 3, says: /"2222x" has "x", which is not a tile/ },
  { rule: 'a joker printed', text: card('25 X FF 2026a 2222b 222Jc'), line: 3, says: /joker/ },
  { rule: 'a number without a suit letter', text: card('25 X FF 2026 2222b 2222c'), line: 3, says: /"2026" needs a suit letter/ },
  { rule: 'D without a suit letter', text: card('25 X FF 2026a 2222b DDDD'), line: 3, says: /"DDDD" needs a suit letter .* for its D/ },
  { rule: 'a suit letter on winds', text: card('25 X FFa 2026a 2222b 2222c'), line: 3, says: /"FFa" takes no suit letter/ },
  { rule: 'a suit letter on R, G, 0 alone', text: card('25 X FF 2026a 2222b 000c J'), line: 3, says: /"000c" takes no suit letter/ },
  {
    rule: 'a suit letter in capitals',
    text: card('25 X FF 2026A 2222b 2222c'),
    line: 3,
    says: /suit letters are a, b and c in lower case/,
  },
  { rule: 'the suit letter ends the group', text: card('25 X FF 20a26 2222b 2222c'), line: 3, says: /the suit letter ends the group/ },
  { rule: 'a value that is not a positive whole number', text: card('0 X FF 2026a 2222b 2222c'), line: 3, says: /"0" is not a value/ },
  { rule: 'X or C after the value', text: card('25 FF 2026a 2222b 2222c'), line: 3, says: /X .* or C .*not "FF"/ },
  { rule: 'no pattern', text: card('25 X'), line: 3, says: /no pattern/ },
  { rule: 'an empty alternative', text: card('25 X FF 2026a 2222b 2222c |'), line: 3, says: /pattern 2 is empty/ },
  { rule: 'a line that is no card line', text: card('hello there'), line: 3, says: /"hello" does not begin a card line/ },
  { rule: 'a hand before any section', text: 'card "T"\n25 X FF 2026a 2222b 2222c', line: 2, says: /before any section/ },
  { rule: 'no card line', text: 'section "S"\n25 X FF 2026a 2222b 2222c', line: 1, says: /begins with its name: card "NAME"/ },
  { rule: 'the card line after a section', text: 'section "S"\ncard "T"\n25 X FF 2026a 2222b 2222c', line: 2, says: /comes first/ },
  { rule: 'two card lines', text: card('25 X FF 2026a 2222b 2222c', 'card "Again"'), line: 4, says: /already has its name on line 1/ },
  { rule: 'a name not in quotes', text: 'card Tuesday\nsection "S"\n25 X FF 2026a 2222b 2222c', line: 1, says: /double quotes/ },
  {
    rule: 'a year not of four digits',
    text: 'card "T" year=26\nsection "S"\n25 X FF 2026a 2222b 2222c',
    line: 1,
    says: /"year=26" is not a year/,
  },
  {
    rule: 'a section name not in quotes',
    text: 'card "T"\nsection S\n25 X FF 2026a 2222b 2222c',
    line: 2,
    says: /section's name goes in double quotes/,
  },
  { rule: 'a card with no hands', text: '# nothing\ncard "T"\nsection "S"', line: 2, says: /has no hands/ },
  { rule: 'an empty card', text: '\n# only a comment\n', line: 1, says: /the card is empty/ },
];

describe('problems: each one a sentence naming its line', () => {
  test.each(BAD)('$rule', ({ text, line, says }) => {
    const r = parseCard(text);
    expect(r.ok).toBe(false);
    const problems = checkCard(text);
    expect(problems.length).toBeGreaterThan(0);
    const p = problems.find((x) => says.test(x.message));
    expect(p, problems.map((x) => x.message).join('\n')).toBeDefined();
    expect(p!.line).toBe(line);
    expect(p!.message.startsWith(`card line ${line}: `)).toBe(true);
    for (const x of problems) expect(x.message).toMatch(/^card line \d+: [^\n]+[^.\s]$/);
  });
});

describe('what still reads', () => {
  test.each([
    [
      'comments, blank lines, CRLF and a BOM',
      '\ufeff# a comment\r\n\r\ncard "T # not a comment" year=2026 # a comment\r\nsection "S" # here too\r\n25 X FF 2026a 2222b 2222c # note\r\n',
    ],
    [
      'lower-case x and c, flags in either order',
      'card "T"\nsection "S"\n25 x FF 2026a 2222b 2222c\n75 c sp any 11a 22a 33a 44a 55a 66a 77a\n',
    ],
    ['a | without spaces', 'card "T"\nsection "S"\n25 X FF 2026a 2222b 2222c|FF 2026b 2222a 2222c\n'],
    ['a quint and a sextet with jokers', 'card "T"\nsection "S"\n40 X 11111a 222222b NNN\n'],
    ['a year needs no suit for its Soap', 'card "T"\nsection "S"\n25 X 000 0000 2026a NNN\n'],
    ['a section met again continues its numbering', 'card "T"\nsection "S"\n25 X NNNN EEEE WWW SSS\nsection "S"\n30 X NNNN EEEE WWW SSS\n'],
  ])('%s', (_, text) => {
    const r = parseCard(text);
    expect(r.ok ? [] : r.error).toEqual([]);
  });

  test('the name keeps a # inside quotes; a repeated section keeps numbering', () => {
    const r = parseCard('card "T # 1"\nsection "S"\n25 X NNNN EEEE WWW SSS\nsection "S"\n30 X NNNN EEEE WWW SSS\n');
    expect(r.ok && r.value.name).toBe('T # 1');
    expect(r.ok && r.value.hands.map((h) => h.name)).toEqual(['S #1', 'S #2']);
  });
});

describe('a card being typed: counts and problems per line, never a throw', () => {
  test('each line says its kind, the tiles of each pattern and its problems', () => {
    const r = readCardText('card "T"\nsection "S"\n25 X FF 2026a 2222b 22\n30 X NNNN EEEE | WWW\n');
    expect(r.lines.map((l) => l.kind)).toEqual(['card', 'section', 'hand', 'hand', 'blank']);
    expect(r.lines[2]!.counts).toEqual([12]);
    expect(r.lines[2]!.problems).toEqual(['"22" needs a suit letter (a, b or c) at its end for its numbers']);
    expect(r.lines[3]!.counts).toEqual([8, 3]);
    expect(r.lines[3]!.problems[0]).toMatch(/the pattern 8, not 14/);
  });

  test('patternTileCount counts what is typed, even half a group', () => {
    expect(patternTileCount('FF 2026a 2222b 2222c')).toBe(14);
    expect(patternTileCount('FF 20')).toBe(4);
    expect(patternTileCount('')).toBe(0);
    expect(patternTileCount('NEWS x?')).toBe(4);
  });
});
