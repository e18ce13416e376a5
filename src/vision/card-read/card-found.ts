/**
 * Whether a reading holds a card at all: at least two hand rows, each with a value and three
 * groups or more. A photo of something else, an empty picture or a blur gives a sentence why not.
 */
import type { CardReading } from './reading';

export const cardFound = (r: CardReading): { ok: true } | { ok: false; reason: string } => {
  const hands = r.lines.filter((l) => l.kind === 'hand' && l.value !== null && l.patterns.flat().length >= 3);
  if (hands.length >= 2) return { ok: true };
  const text = r.lines.length > 0 || r.title !== null;
  return {
    ok: false,
    reason: text
      ? 'no card could be read in this picture: no rows of groups with a value were found (is it a card, in focus and well lit?).'
      : 'no card could be read in this picture: it shows no text.',
  };
};
