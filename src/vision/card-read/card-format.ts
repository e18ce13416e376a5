/**
 * A reading written in the card format, for a player to confirm: a group read unsure is
 * followed by `?` (as are a value or X/C in doubt), so the file will not load until each is
 * checked. A hand line's note keeps the card's own words.
 */
import type { CardReading, ReadGroup } from './reading';

const group = (g: ReadGroup) => `${g.tokens}${g.letter}${g.unsure ? '?' : ''}`;

export const readingAsCard = (r: CardReading): string => {
  const out = [`card "${(r.title ?? 'Card read from a picture').replace(/"/g, "'")}"${r.year ? ` year=${r.year}` : ''}`];
  for (const l of r.lines) {
    if (l.kind === 'heading') {
      out.push(`section "${l.name.replace(/"/g, "'")}"`);
      continue;
    }
    const head = [
      l.value === null ? '?' : `${l.value}${l.unsure.length ? '?' : ''}`,
      l.concealed === null ? '?' : l.concealed ? 'C' : 'X',
      ...(l.any ? ['any'] : []),
      ...(l.sp ? ['sp'] : []),
    ].join(' ');
    const pats = l.patterns.map((p) => p.map(group).join(' ')).join(' | ');
    out.push(`${head}  ${pats}${l.note ? `  # ${l.note}` : ''}`);
  }
  return `${out.join('\n')}\n`;
};
