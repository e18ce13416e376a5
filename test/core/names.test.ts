import { expect, test } from 'vitest';
import { findName, nameKey } from '../../src/core/names';

/** Issue 37: one name key for every alphabet, the one comparison the engine, the store and the screens use. */
test.each([
  ['ZOË', 'Zoë'],
  ['Zoe', 'Zoë'],
  ['Zoe\u0308', 'ZOË'], // e and a combining diaeresis is the composed ë
  ['JOSÉ', 'José'],
  ['STRASSE', 'Straße'],
  ['ΣΟΦΊΑ', 'σοφία'],
  ['ÉLODIE', 'élodie'],
  ['ＡＮＮ', 'Ann'], // full-width letters
  ['ДАША', 'даша'],
])('%s and %s are one player', (a, b) => {
  expect(nameKey(a)).toBe(nameKey(b));
});

test.each([
  ['Йа', 'Иа'], // in Cyrillic the breve makes another letter
  ['Ann', 'Anne'],
  ['Bea', 'Bee'],
])('%s and %s are two players', (a, b) => {
  expect(nameKey(a)).not.toBe(nameKey(b));
});

test('findName finds the spelling a list has', () => {
  expect(findName(['Ann', 'Zoë'], 'ZOË')).toBe('Zoë');
  expect(findName(['Ann', 'Zoë'], 'Zed')).toBeUndefined();
});
