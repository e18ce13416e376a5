/**
 * A card file read just far enough to draw it and to score a reading against it: the title,
 * the sections and each hand's value, X/C, flags, patterns (groups as written) and note. The
 * app's own reader with every check is src/core/card; this one trusts its input (our fixtures).
 */
export interface DrawnHand {
  value: number;
  concealed: boolean;
  any: boolean;
  sp: boolean;
  /** each alternative's groups, as written (`2026a`, `FF`) */
  patterns: string[][];
  note: string;
}
export interface DrawnSection {
  name: string;
  hands: DrawnHand[];
}
export interface DrawnCard {
  name: string;
  year: number | null;
  sections: DrawnSection[];
}

export const readCardText = (text: string): DrawnCard => {
  const card: DrawnCard = { name: '', year: null, sections: [] };
  for (const raw of text.split('\n')) {
    const hash = raw.indexOf('#');
    const line = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    const note = hash >= 0 ? raw.slice(hash + 1).trim() : '';
    if (!line) continue;
    const head = /^card\s+"([^"]*)"(?:\s+year=(\d{4}))?$/.exec(line);
    if (head) {
      card.name = head[1]!;
      card.year = head[2] ? Number(head[2]) : null;
      continue;
    }
    const sec = /^section\s+"([^"]*)"$/.exec(line);
    if (sec) {
      card.sections.push({ name: sec[1]!, hands: [] });
      continue;
    }
    const words = line.split(/\s+/);
    const value = Number(words.shift());
    const concealed = words.shift() === 'C';
    let any = false,
      sp = false;
    while (words[0] === 'any' || words[0] === 'sp')
      if (words.shift() === 'any') any = true;
      else sp = true;
    const patterns = words
      .join(' ')
      .split('|')
      .map((p) => p.trim().split(/\s+/));
    if (!card.sections.length) card.sections.push({ name: '', hands: [] });
    card.sections.at(-1)!.hands.push({ value, concealed, any, sp, patterns, note });
  }
  return card;
};

/** A group's tiles (`2026`) and its suit letter, or '' for a group that takes none. */
export const splitGroup = (g: string): { tiles: string; letter: string } => {
  const m = /^(.*?)([abc]?)$/.exec(g)!;
  return { tiles: m[1]!.toUpperCase(), letter: m[2]! };
};

/** Letters renamed by first appearance (a, b, c): the same pattern, whatever letters it was written with. */
export const canonicalLetters = (groups: string[]): string[] => {
  const seen = new Map<string, string>();
  return groups.map((g) => {
    const { tiles, letter } = splitGroup(g);
    if (!letter) return tiles;
    if (!seen.has(letter)) seen.set(letter, 'abc'[seen.size] ?? '?');
    return tiles + seen.get(letter)!;
  });
};
