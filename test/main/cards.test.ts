import { expect, test } from 'vitest';
import type { CardEntry, SessionCardEntry } from '../../src/shared/contract/cards';
import type { SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

const f = useServices();

const CARD = `card "Tuesday group 2026" year=2026
section "2026"
25 X  FF 2026a 2222b 2222c
30 C  NN EW SS 2026a 2026b
`;
const setup = (players: string[]) => ({ setup: { players, seating: players.slice(0, 4), stakes: { centsPerPoint: 1 } } });

test('a card is kept by name and year, refused with the core’s sentence when it has a problem, and nothing is stored then', async () => {
  const kept = await f.value<CardEntry>('saveCard', { text: CARD });
  expect(kept).toMatchObject({ name: 'Tuesday group 2026', year: 2026, hands: 2, text: CARD });
  // A pattern of 13 tiles: the core's sentence names the line; the first problem, and how many more.
  const broken = CARD.replace('2222c', '222c').replace('2026b', '202b');
  expect(await f.refusal('saveCard', { text: broken })).toMatch(/^Card line 3: .*13.*\(and 1 more problem: the Cards screen marks each line\)\.$/);
  expect(await f.refusal('saveCard', { text: '   ' })).toBe('The card is empty: type its first line, card "NAME" year=YYYY, then its hands.');
  // The same name and year (any case) is not a second card.
  expect(await f.refusal('saveCard', { text: CARD.replace('Tuesday', 'TUESDAY') })).toMatch(/already kept/);
  // Another year is another card; both are listed, newest year first.
  await f.value('saveCard', { text: CARD.replace('year=2026', 'year=2025') });
  const all = await f.value<CardEntry[]>('cards');
  expect(all.map((c) => [c.name, c.year])).toEqual([
    ['Tuesday group 2026', 2026],
    ['Tuesday group 2026', 2025],
  ]);
  // Changing a kept card replaces it under its id.
  const changed = await f.value<CardEntry>('saveCard', { id: kept.id, text: CARD.replace('25 X', '35 X') });
  expect(changed.id).toBe(kept.id);
  expect((await f.value<CardEntry[]>('cards')).find((c) => c.id === kept.id)?.text).toContain('35 X');
});

test('a session plays with a copy of its card; the group gets its card offered again; removing a card leaves sessions their copy', async () => {
  const card = await f.value<CardEntry>('saveCard', { text: CARD });
  const other = await f.value<CardEntry>('saveCard', { text: CARD.replace('Tuesday', 'Friday') });
  const a = await f.value<SessionSummary>('setupSession', setup(['Ann', 'Bea', 'Cy', 'Dot']));
  expect(await f.value('sessionCard', { sessionId: a.id })).toBeNull();
  expect(await f.value<SessionCardEntry>('useCard', { sessionId: a.id, cardId: card.id })).toEqual({ name: 'Tuesday group 2026', year: 2026, text: CARD });
  // The same group in another order, any case: their card. Another group: the card chosen last by anyone.
  expect(await f.value('groupCard', { players: ['dot', 'Cy', 'Bea', 'Ann'] })).toEqual({ cardId: card.id });
  const b = await f.value<SessionSummary>('setupSession', setup(['Eve', 'Fay', 'Gus']));
  await f.value('useCard', { sessionId: b.id, cardId: other.id });
  expect(await f.value('groupCard', { players: ['Ann', 'Bea', 'Cy', 'Dot'] })).toEqual({ cardId: card.id });
  expect(await f.value('groupCard', { players: ['Hal', 'Ivy', 'Jo'] })).toEqual({ cardId: other.id });
  // The card changed later: the session keeps what it played with.
  await f.value('saveCard', { id: card.id, text: CARD.replace('25 X', '35 X') });
  expect((await f.value<SessionCardEntry>('sessionCard', { sessionId: a.id })).text).toBe(CARD);
  await f.value('removeCard', { id: card.id });
  expect((await f.value<SessionCardEntry>('sessionCard', { sessionId: a.id })).text).toBe(CARD);
  expect(await f.value('groupCard', { players: ['Ann', 'Bea', 'Cy', 'Dot'] })).toEqual({ cardId: other.id });
  // No card for this group from now on.
  expect(await f.value('useCard', { sessionId: b.id, cardId: null })).toBeNull();
  expect(await f.refusal('useCard', { sessionId: b.id, cardId: card.id })).toMatch(/not found/);
  // Kept across a restart (a real file).
  f.restart();
  expect((await f.value<CardEntry[]>('cards')).map((c) => c.name)).toEqual(['Friday group 2026']);
});

test('a session’s card travels in its table record: exported with it, and an import plays with it again', async () => {
  const card = await f.value<CardEntry>('saveCard', { text: CARD });
  const s = await f.value<SessionSummary>('setupSession', setup(['Ann', 'Bea', 'Cy', 'Dot']));
  const plain = await f.value<{ text: string }>('exportSession', { sessionId: s.id });
  expect(JSON.parse(plain.text).card).toBeUndefined();
  await f.value('useCard', { sessionId: s.id, cardId: card.id });
  await f.value('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'S', value: 25, jokerless: false, from: 'E', hand: '2026 #1' }] });
  const exported = await f.value<{ text: string }>('exportSession', { sessionId: s.id });
  const doc = JSON.parse(exported.text);
  expect(doc.card).toEqual({ name: 'Tuesday group 2026', year: 2026, text: CARD });
  expect(doc.games[0].events.at(-1)).toMatchObject({ hand: '2026 #1' });
  // Importing it again is the same session (the card is part of what is compared); a copy plays with the card.
  expect(await f.value('importRecord', { text: exported.text })).toMatchObject({ id: s.id, alreadyThere: true });
  const copy = await f.value<SessionSummary>('importRecord', { text: exported.text, copy: true });
  expect(copy.id).not.toBe(s.id);
  expect(await f.value('sessionCard', { sessionId: copy.id })).toEqual({ name: 'Tuesday group 2026', year: 2026, text: CARD });
  // A record naming a hand its card does not have is refused, and nothing is imported.
  const sessions = (await f.value<SessionSummary[]>('listSessions')).length;
  expect(await f.refusal('importRecord', { text: exported.text.replace('"hand": "2026 #1"', '"hand": "2026 #9"'), copy: true })).toMatch(
    /^This file is not a table record MahjMate can import: Game 1, event 1: the mah jongg names the hand "2026 #9"/,
  );
  expect((await f.value<SessionSummary[]>('listSessions')).length).toBe(sessions);
});
