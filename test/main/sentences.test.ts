import { describe, expect, test } from 'vitest';
import { contract } from '../../src/shared/ipc-contract';
import { sessionSetupSchema } from '../../src/shared/core-schema';
import { describeIssues, issueSentence, playerSentence } from '../../src/shared/sentences';
import { useServices } from './fixture';

/**
 * Every refusal a player can read is a sentence: never zod's own text ("Too small: expected
 * array to have >=3 items"), never a developer path ("setup: players: "). The real schemas of
 * the contract, and the real services on a real SQLite file.
 */

const ZOD_TEXT = /Too small|Too big|Invalid input|Invalid option|Unrecognized key|expected (array|number|string)|>=|<=/;

const sentenceOf = (schema: { safeParse: (x: unknown) => { success: boolean; error?: { issues: never[] } } }, input: unknown): string => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return describeIssues(r.error!);
};

describe('zod issues become the sentences a player reads', () => {
  test.each([
    ['two players', { players: ['Ann', 'Bea'], seating: ['Ann', 'Bea'] }, 'Pick 3, 4 or 5 players.'],
    ['no players at all', { players: [], seating: [] }, 'Pick 3, 4 or 5 players.'],
    ['six players', { players: ['A', 'B', 'C', 'D', 'E', 'F'], seating: ['A', 'B', 'C', 'D'] }, 'Pick 3, 4 or 5 players.'],
    ['an empty name', { players: ['Ann', ' ', 'Cy'], seating: ['Ann', ' ', 'Cy'] }, 'A name cannot be empty.'],
    ['no seating', { players: ['Ann', 'Bea', 'Cy'], seating: [] }, 'Seat 3 players, East first.'],
    [
      'stakes of zero',
      { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'], stakes: { centsPerPoint: 0 } },
      'Cents per point must be more than 0 and at most 10,000 (like 1 or 0.5).',
    ],
    [
      'a pie of half a point',
      { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'], pie: { points: 0.5 } },
      'The pie needs a whole number of points.',
    ],
    [
      'a five-table with no bettor',
      { players: ['A', 'B', 'C', 'D', 'E'], seating: ['A', 'B', 'C', 'D'] },
      'With 5 players the one not seated is the bettor (here E).',
    ],
  ])('setup: %s', (_, input, sentence) => {
    const s = sentenceOf(sessionSetupSchema as never, input);
    expect(s).toBe(sentence);
    expect(s).not.toMatch(ZOD_TEXT);
  });

  test('a chip without a value, or without a colour', () => {
    const chips = contract.setupSession.input;
    expect(
      sentenceOf(chips as never, {
        setup: { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'] },
        chips: [{ colour: 'blue', points: 0 }],
      }),
    ).toBe('A chip needs a value in points.');
    expect(
      sentenceOf(chips as never, {
        setup: { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'] },
        chips: [{ colour: 'blue', points: Number.NaN }],
      }),
    ).toBe('A chip needs a value in points.');
    expect(
      sentenceOf(chips as never, { setup: { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'] }, chips: [{ colour: 'blue' }] }),
    ).toBe('A chip needs a value in points.');
    expect(
      sentenceOf(chips as never, {
        setup: { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'] },
        chips: [{ colour: '', points: 5 }],
      }),
    ).toBe('A chip needs a colour.');
  });

  test('a field with no words of its own gets the field sentence, an unknown one a plain refusal', () => {
    expect(
      issueSentence({
        code: 'too_small',
        path: ['seating'],
        message: 'Too small: expected array to have >=3 items',
        origin: 'array',
        minimum: 3,
      }),
    ).toBe('Seat 3 or 4 players, East first.');
    expect(issueSentence({ code: 'invalid_type', path: ['gameId'], message: 'Invalid input: expected number, received string' })).toBe(
      'Something in “gameId” is not right; nothing was changed.',
    );
    expect(issueSentence({ code: 'unrecognized_keys', path: [], message: 'Unrecognized key: "admin"', keys: ['admin'] })).toBe(
      'MahjMate does not know part of this request; nothing was changed.',
    );
  });

  test('developer prefixes go, the words stay; a bad record says what the file is', () => {
    expect(playerSentence('ERR_BAD_INPUT', 'setup: players: "Ann" is at the table twice')).toBe('"Ann" is at the table twice.');
    expect(playerSentence('ERR_BAD_INPUT', 'stakes: cents per point must be a positive amount (like 1 or 0.5), not 0')).toBe(
      'Cents per point must be a positive amount (like 1 or 0.5), not 0.',
    );
    expect(playerSentence('ERR_BAD_RECORD', 'game 2, event 1: the game is over')).toBe(
      'This file is not a table record MahjMate can import: Game 2, event 1: the game is over.',
    );
    expect(playerSentence('ERR_BAD_RECORD', 'game 2, event 2: discard.tile: "10B" is not a tile')).toBe(
      'This file is not a table record MahjMate can import: Game 2, event 2: "10B" is not a tile.',
    );
    expect(playerSentence('ERR_BAD_INPUT', 'x: Too small: expected number to be >0')).toBe(
      'MahjMate could not read this request; nothing was changed.',
    );
    expect(playerSentence('ERR_CONFLICT', 'there is already a player named "ann"')).toBe('There is already a player named "ann".');
    // The rules engine's own sentences pass unchanged.
    expect(playerSentence('ERR_NOT_YOUR_TURN', 'it is South’s turn')).toBe('it is South’s turn');
  });
});

describe('through the services on a real SQLite file', () => {
  const f = useServices();
  const refusal = async (ch: string, p: unknown): Promise<string> => {
    const r = await f.call(ch, p);
    if (r.ok) throw new Error(`${ch} accepted ${JSON.stringify(p)}`);
    expect(r.error.message).not.toMatch(ZOD_TEXT);
    expect(r.error.message).not.toMatch(/^[a-z][\w.]*: /);
    return r.error.message;
  };

  test('setup, players, import and a game: each refusal a sentence, nothing written', async () => {
    const setup = (players: string[], extra: object = {}) => ({ setup: { players, seating: players.slice(0, 4), ...extra } });
    expect(await refusal('setupSession', setup(['Ann', 'Bea']))).toBe('Pick 3, 4 or 5 players.');
    expect(
      await refusal('setupSession', { ...setup(['Ann', 'Bea', 'Cy'], { pie: { points: 200 } }), chips: [{ colour: 'blue', points: 0 }] }),
    ).toBe('A chip needs a value in points.');
    expect(await refusal('setupSession', setup(['Ann', 'Bea', 'Cy'], { pie: { points: 10 } }))).toMatch(
      /^Pie: 10 points|^10 points cannot pay/,
    );
    expect(await refusal('setupSession', setup(['Ann', 'ann', 'Cy']))).toBe(
      '"ann" is at the table twice (names must be distinct, whatever their case).',
    );
    expect(await refusal('addPlayer', { name: '' })).toBe('A name cannot be empty.');
    expect(await refusal('addPlayer', { name: 'x'.repeat(41) })).toBe('A name has at most 40 characters.');
    expect(await refusal('importRecord', { text: '' })).toBe('The file is empty.');
    expect(await refusal('importRecord', { text: '{"format": "something else"}' })).toMatch(
      /^This file is not a table record MahjMate can import: /,
    );
    expect((await f.call('addPlayer', { name: 'Ann' })).ok).toBe(true);
    expect(await refusal('addPlayer', { name: 'ann' })).toBe('There is already a player named "ann".');
    expect(await refusal('getSession', { sessionId: 999 })).toBe('Session 999 not found.');
    expect(await refusal('startGame', { sessionId: 0 })).toBe('Something in “sessionId” is not right; nothing was changed.');
    expect(f.store.listSessions()).toEqual([]);
    expect(f.store.listPlayers().map((p) => p.name)).toEqual(['Ann']);
  });
});
