import { describe, expect, test } from 'vitest';
import { parseCard, type Card } from '../../src/core/card';
import { gameSetupOf } from '../../src/core/gameSetup';
import { OFFICIAL_RULES } from '../../src/core/rules';
import { entryOf, judgeQuick, parseQuickLine } from '../../src/renderer/components/session/quickLine';
import { quickPick, withHand } from '../../src/renderer/components/session/quickPick';

// Quick scoring picks the hand from a real card as `m s` does (handPick.ts), judged by the real reducer.
const parsed = parseCard(`card "Thursday table" year=2026
section "Run"
25 X any FFF 1111a 2222a 333a
35 C 11a 222a 3333a 444a 55a
section "Like numbers"
25 X FF 2026a 2222b 2222c
section "Singles and pairs"
50 C sp NN EE WW SS 11a 22a 33a
`);
if (!parsed.ok) throw new Error(parsed.error[0]!.message);
const card: Card = parsed.value;
const setup = gameSetupOf({ seating: { E: 'Ann', S: 'Bea', W: 'Cy', N: 'Dot' }, bettor: null }, OFFICIAL_RULES);
const names = (line: string, words = '') => quickPick(card, parseQuickLine(line).entry, words)?.offered.map((h) => h.name);

describe('quick scoring with a card', () => {
  test('no card, no winner or a wall game: nothing to pick', () => {
    expect(quickPick(null, parseQuickLine('s25w').entry, '')).toBeNull();
    expect(quickPick(card, parseQuickLine('').entry, '')).toBeNull();
    expect(quickPick(card, parseQuickLine('wall').entry, '')).toBeNull();
  });

  test('nothing exposed is recorded: every hand fits, concealed too, best value first; the value narrows', () => {
    expect(names('s')).toEqual(['Singles and pairs #1', 'Run #2', 'Run #1', 'Like numbers #1']);
    expect(names('s25w')).toEqual(['Run #1', 'Like numbers #1']);
    // The Hand field's words win over the value typed, as after `m s`.
    expect(names('s25w', 'run #2')).toEqual(['Run #2']);
    expect(names('s', 'like')).toEqual(['Like numbers #1']);
  });

  test('the hand picked gives the value, concealed, category and name; the reducer records it with the discarder', () => {
    const entry = parseQuickLine('np').entry;
    const p = quickPick(card, entry, 'singles')!;
    const picked = withHand(entry, p, p.offered[0]!);
    expect(picked).toMatchObject({
      value: 50,
      jokerless: true,
      hand: { name: 'Singles and pairs #1', concealed: true, category: 'singles-pairs' },
    });
    const judged = judgeQuick(picked, setup);
    expect(judged.problem).toBeNull();
    expect(judged.events.at(-1)).toEqual({
      type: 'mahjong',
      seat: 'N',
      value: 50,
      jokerless: true,
      selfPick: true,
      hand: 'Singles and pairs #1',
      concealed: true,
      category: 'singles-pairs',
    });
    // Read back for a correction, the hand stays named.
    expect(entryOf(judged.events).hand).toEqual({ name: 'Singles and pairs #1', concealed: true, category: 'singles-pairs' });
  });

  test('a value no hand has is a question with the hands that are, never a pick', () => {
    const p = quickPick(card, parseQuickLine('e45p').entry, '')!;
    expect(p.offered).toEqual([]);
    expect(p.offCard?.sentence).toBe(
      'No hand worth 45 is on the card; these do: Singles and pairs #1 (50), Run #2 (35), Run #1 (25), Like numbers #1 (25)',
    );
    expect(quickPick(card, parseQuickLine('e').entry, 'winds')!.problem).toMatch(/^“winds” is not a hand of the card/);
  });
});
