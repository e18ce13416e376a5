/** What reading a card picture gives: every line with its place in the picture, every doubt said. */

/** A rectangle in the picture's own pixels (the photo as taken, not straightened). */
export interface PictureBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ReadGroup {
  /** the tile tokens (`2026`, `FF`, `DDD`) */
  tokens: string;
  /** the suit letter from its ink (`a`, `b`, `c` in order of first appearance), '' for none */
  letter: string;
  /** why this group is unsure (a player must confirm it), or null */
  unsure: string | null;
  /** the characters tesseract read */
  read: string;
  box: PictureBox;
}

export interface ReadHand {
  kind: 'hand';
  value: number | null;
  concealed: boolean | null;
  any: boolean;
  sp: boolean;
  /** the alternatives (`|`), each its groups */
  patterns: ReadGroup[][];
  note: string;
  /** doubts about the line itself (its value, X/C) */
  unsure: string[];
  box: PictureBox;
}

export interface ReadHeading {
  kind: 'heading';
  name: string;
  box: PictureBox;
}

export type ReadLine = ReadHand | ReadHeading;

export interface CardReading {
  /** the card's name (its first heading before the first section), if read */
  title: string | null;
  year: number | null;
  /** headings (sections) and hands in picture order */
  lines: ReadLine[];
}
