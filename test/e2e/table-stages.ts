/**
 * The stages of a game the table screen must show on one screen (issue 12), driven by the
 * keyboard on the real table screen. Shared by test/e2e/table-layout.spec.ts and
 * bench/table-layout.ts, so it uses only what both Playwright packages offer (no `expect`).
 */
import type { Page } from 'playwright-core';

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/** What each stage seeds: the session (through the services) and the lines typed at the table. */
export interface Stage {
  name: string;
  players: string[];
  bettor?: string;
  chips?: boolean;
  /** The pie in points (with chips: 200 unless said). */
  pie?: number;
  lines: string[];
  /** Confirmed with more lines than fit under the next seating: the ending has the board's column too. */
  wide?: boolean;
  /** After the lines: open the camera. */
  camera?: boolean;
  /** The test ids that must lie inside the window at this stage (besides the always-on ones). */
  extra: string[];
  /** The parts read from the chair (data-read) shown at this stage, besides READ_ALWAYS. */
  read: string[];
}

const LONG = 'Dorothea Montgomery-Smythe';
// Five at the table, the longest names the strips wrap.
const FIVE = ['Ann', 'Margaret-Anne', 'Cy', LONG, 'Eve'];
// Every seat calls twice (exposures on all four racks), a kong with a joker, a disputed challenge.
const MID = [
  '5b',
  'c s 3',
  '2c',
  'c w 4j1',
  '3d',
  'c n 3',
  '4d',
  'c e 3',
  '6b',
  'c s 3',
  '7c',
  'c w 3',
  '8d',
  'c n 4',
  '9b',
  'c e 3 ',
  '1b',
  'd n s ?',
];
const KINDS = [
  '1b',
  '2b',
  '3b',
  '4b',
  '5b',
  '6b',
  '7b',
  '8b',
  '9b',
  '1c',
  '2c',
  '3c',
  '4c',
  '5c',
  '6c',
  '7c',
  '8c',
  '9c',
  '1d',
  '2d',
  '3d',
  '4d',
  '5d',
  '6d',
  '7d',
  '8d',
  '9d',
  'n',
  'e',
  'w',
  's',
  'r',
  'g',
  '0',
];
const LATE = Array.from({ length: 66 }, (_, i) => KINDS[i % KINDS.length]!);

export const STAGES: Stage[] = [
  { name: 'start', players: ['Ann', 'Bea', 'Cy', LONG], lines: [], extra: [], read: ['turn', 'discard'] },
  { name: 'mid', players: ['Ann', 'Bea', 'Cy', LONG], lines: MID, extra: ['live'], read: ['turn', 'discard', 'window', 'exposures'] },
  { name: 'late', players: ['Ann', 'Bea', 'Cy', 'Dot'], lines: LATE, extra: ['live', 'floor'], read: ['turn', 'discard', 'window'] },
  {
    name: 'payout',
    players: ['Ann', 'Bea', 'Cy', LONG],
    chips: true,
    lines: [...MID, 'm s 40'],
    extra: ['payout', 'confirm', 'challenges'],
    read: ['exposures', 'payout'],
  },
  {
    name: 'next',
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    chips: true,
    lines: [...MID, 'm s 40', 'd n s n', 'ok'],
    extra: ['payout', 'next-seating'],
    read: ['exposures', 'payout'],
  },
  {
    name: 'camera',
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    lines: MID.slice(0, 8),
    camera: true,
    extra: ['camera'],
    read: ['turn', 'discard', 'exposures'],
  },
  {
    name: 'three',
    players: ['Ann', 'Bea', 'Cy'],
    lines: ['5b', 'c s 3', '2c', 'c w 3', '3d'],
    extra: ['live'],
    read: ['turn', 'discard', 'window', 'exposures'],
  },
  {
    name: 'five',
    players: ['Ann', 'Margaret-Anne', 'Cy', 'Dot', 'Eve'],
    bettor: 'Eve',
    lines: ['b s', '5b', 'n 9d'],
    extra: ['live'],
    read: ['turn', 'discard', 'window'],
  },
  // Issue 37: every payout line in view. Five players, the bettor backing the winner on a discard
  // (six lines), chips and money; a disputed challenge settled wrong (a seventh); then confirmed.
  {
    name: 'payout-five',
    players: FIVE,
    bettor: 'Eve',
    chips: true,
    lines: ['b s', '5b', 'c w 3', '2c', 'd w n ?', 'm s 30'],
    extra: ['payout', 'confirm', 'challenges'],
    read: ['exposures', 'payout', 'payout-headers', 'confirm'],
  },
  {
    name: 'payout-five-settled',
    players: FIVE,
    bettor: 'Eve',
    chips: true,
    lines: ['b s', '5b', 'c w 3', '2c', 'd w n ?', 'm s 30', 'd w n n'],
    extra: ['payout', 'confirm'],
    read: ['exposures', 'payout', 'payout-headers', 'confirm'],
  },
  {
    name: 'next-five',
    players: FIVE,
    bettor: 'Eve',
    chips: true,
    wide: true,
    lines: ['b s', '5b', 'm s 30', 'ok'],
    extra: ['payout', 'next-seating'],
    read: ['payout', 'payout-headers'],
  },
  // At a stake without chips, a small pie capping the lines (the figures' column is widest).
  {
    name: 'payout-five-pie',
    players: FIVE,
    bettor: 'Eve',
    pie: 50,
    lines: ['b s', '5b', 'm s 40'],
    extra: ['payout', 'confirm'],
    read: ['payout', 'payout-headers', 'confirm'],
  },
  {
    name: 'payout-three',
    players: ['Ann', 'Margaret-Anne', LONG],
    chips: true,
    lines: ['5b', 'm s 30'],
    extra: ['payout', 'confirm'],
    read: ['payout', 'payout-headers', 'confirm'],
  },
];

/** Read from the chair at every stage: the wall, the seats' names and labels, the standings, the echo, the preview. */
export const READ_ALWAYS = ['wall', 'seats', 'seat-labels', 'standings', 'echo', 'preview'];

/** Read from the chair while the dead-tile board shows (every stage but a payout sheet waiting for Confirm: it has the board's column). */
export const READ_BOARD = ['dead-tiles', 'board-caption'];

/** The least a part read from the chair may measure, in px: 24 at 1280x800 and 1366x768, 32 at 1920x1080. */
export const READ_MIN = (vp: { width: number }): number => (vp.width >= 1920 ? 32 : 24);

/** Always in view, at every stage (the dead-tile board too, but while a payout sheet waits for Confirm: see boardShown). */
export const ALWAYS = ['wall', 'rules', 'save', 'header-actions', 'seats', 'centre', 'command', 'preview', 'events'];

/** The payout sheet waiting for Confirm takes the board's column (so does a confirmed one too long for its own): every line in view. */
export const boardShown = (st: Stage): boolean => !st.extra.includes('confirm') && !st.wide;

/** The setupSession input of a stage. */
export const setupOf = (st: Stage) => ({
  setup: {
    players: st.players,
    seating: st.players.slice(0, 4),
    ...(st.bettor ? { bettor: st.bettor } : {}),
    stakes: { centsPerPoint: 2.5 },
    ...(st.pie || st.chips ? { pie: { points: st.pie ?? 200 } } : {}),
  },
  ...(st.chips
    ? {
        chips: [
          { colour: 'blue', points: 10 },
          { colour: 'white', points: 1 },
        ],
      }
    : {}),
});

const until = async (what: string, ok: () => Promise<boolean>): Promise<void> => {
  for (let i = 0; i < 400; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out: ${what}`);
};

/** From the home screen: open the newest session's open game at the table. */
export const openNewestTable = async (page: Page): Promise<void> => {
  await page.locator('button.session').first().click();
  const cont = page.getByRole('button', { name: 'Continue at the table' });
  const play = page.getByRole('button', { name: 'Play this game at the table' });
  await until('the session screen', async () => (await cont.isVisible()) || (await play.isVisible()));
  await ((await cont.isVisible()) ? cont : play).click();
  await page.getByTestId('command').waitFor();
};

/** Type the stage's lines (each must be recorded: the line clears), then open the camera if asked. */
export const playStage = async (page: Page, st: Stage): Promise<void> => {
  const cmd = page.getByTestId('command');
  for (const line of st.lines) {
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
    await until(`"${line}" recorded (${st.name})`, async () => (await cmd.inputValue()) === '');
  }
  if (st.lines.at(-1) === 'ok') await page.getByTestId('next-seating').waitFor();
  if (st.camera) {
    await page.getByRole('button', { name: 'Camera', exact: true }).click();
    await page.getByRole('region', { name: 'Camera' }).first().waitFor();
  }
  await page.getByTestId('save').filter({ hasText: 'All saved' }).waitFor();
};

/**
 * The page's globals, as far as the functions run inside it use them: this file is also compiled
 * for the bench (Node, no DOM library), so it names them itself.
 */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
interface PageElement {
  getBoundingClientRect(): Box;
  closest(s: string): PageElement | null;
  querySelectorAll(s: string): Iterable<PageElement>;
  childNodes: Iterable<{ nodeType: number; textContent: string | null }>;
  getAttribute(name: string): string | null;
  tagName: string;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
}
declare const document: {
  documentElement: { scrollWidth: number; scrollHeight: number };
  querySelector(s: string): PageElement | null;
  querySelectorAll(s: string): Iterable<PageElement>;
};
declare const getComputedStyle: (el: PageElement) => { fontSize: string; visibility: string; display: string };
declare const innerWidth: number;
declare const innerHeight: number;

/**
 * Seat names that are cut (clamped past what their box shows) or overlap the net beside them:
 * "Margaret-Anne" in a strip of five at 1280 px wraps whole onto two lines.
 */
export const namesCut = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="seats"] section')].flatMap((seat) => {
      const name = [...seat.querySelectorAll('[data-testid="seat-name"]')][0];
      const money = [...seat.querySelectorAll('[data-testid="standing"]')][0];
      if (!name) return [];
      const a = name.getBoundingClientRect();
      const b = money?.getBoundingClientRect();
      const out: string[] = [];
      // (a line hidden by the clamp is a whole line: glyphs poking past a tight line-height are not)
      if (name.scrollHeight > name.clientHeight + 8 || name.scrollWidth > name.clientWidth + 1) out.push(`"${name.textContent}" is cut`);
      if (b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        out.push(`"${name.textContent}" overlaps its net`);
      return out;
    }),
  );

/** How far the document scrolls past the window, in px (0: it does not scroll). */
export const overflow = (page: Page): Promise<{ x: number; y: number }> =>
  page.evaluate(() => ({
    x: document.documentElement.scrollWidth - innerWidth,
    y: document.documentElement.scrollHeight - innerHeight,
  }));

/** Test ids whose box is missing or not wholly inside the window. */
export const outside = async (page: Page, ids: readonly string[]): Promise<string[]> => {
  const vp = page.viewportSize()!;
  const bad: string[] = [];
  for (const id of ids) {
    const all = page.getByTestId(id);
    const n = await all.count();
    if (n === 0) bad.push(`${id}: missing`);
    for (let i = 0; i < n; i++) {
      const b = await all.nth(i).boundingBox();
      if (!b) bad.push(`${id}: not shown`);
      else if (b.x < 0 || b.y < 0 || b.x + b.width > vp.width + 0.5 || b.y + b.height > vp.height + 0.5)
        bad.push(
          `${id}: ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)} outside ${vp.width}x${vp.height}`,
        );
    }
  }
  return bad;
};

/** Elements (by selector) whose own text does not fit their box: a word cut or spilling over. */
export const spilling = (page: Page, selector: string): Promise<string[]> =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        .map((el) => `"${el.textContent?.trim()}" spills out of its box`),
    selector,
  );

/**
 * Children (by selector) of a test id's element that are not wholly inside its box: clipped by
 * it. With `hiddenOk`, those wholly outside it count as hidden, not cut: only the ones it shows
 * in part are named (a list that hides the rows it has no room for).
 */
export const clipped = (page: Page, id: string, child: string, hiddenOk = false): Promise<string[]> =>
  page.evaluate(
    ([id, child, hiddenOk]) => {
      const box = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
      if (!box) return [`${id}: missing`];
      return [...document.querySelectorAll(`[data-testid="${id}"] ${child}`)]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const inside = r.left >= box.left - 0.5 && r.top >= box.top - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
          const meets = r.right > box.left + 0.5 && r.left < box.right - 0.5 && r.bottom > box.top + 0.5 && r.top < box.bottom - 0.5;
          return !inside && (meets || !hiddenOk);
        })
        .map(
          (el) =>
            `${id} ${hiddenOk ? 'shows' : 'clips'} ${el.getAttribute('data-kind') ?? el.getAttribute('data-seat') ?? `"${el.textContent?.trim()}"`}${hiddenOk ? ' in part' : ''}`,
        );
    },
    [id, child, hiddenOk] as const,
  );

/**
 * The smallest font-size, in px, of each part read from the chair (the elements marked
 * data-read="part"): every element inside with text of its own that is drawn (not hidden, not a
 * screen-reader-only label), except text marked data-aside (the live discard's suit word, its
 * name beside it says it big; a key hint such as "u undo"). The board's and the exposures' suit
 * words are measured: their tiles show the rank alone and the word is said beside them.
 */
export const readSizes = (page: Page): Promise<Record<string, number>> =>
  page.evaluate(() => {
    const out: Record<string, number> = {};
    for (const part of document.querySelectorAll('[data-read]')) {
      const name = part.getAttribute('data-read')!;
      for (const el of [part, ...part.querySelectorAll('*')]) {
        if (el.closest('[data-aside]')) continue;
        if (![...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '')) continue;
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (r.right - r.left <= 1 || r.bottom - r.top <= 1 || style.visibility === 'hidden') continue;
        const px = parseFloat(style.fontSize);
        out[name] = Math.min(out[name] ?? Infinity, Math.round(px * 10) / 10);
      }
    }
    return out;
  });

/**
 * The payout sheet's lines not wholly in view: outside the sheet's box, the centre's, or the
 * window (a line the sheet hides below its edge, or that the window cuts).
 */
export const linesHidden = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const sheet = document.querySelector('[data-testid="payout"]');
    const centre = document.querySelector('[data-testid="centre"]');
    if (!sheet || !centre) return ['no payout sheet'];
    const boxes = [
      sheet.getBoundingClientRect(),
      centre.getBoundingClientRect(),
      { left: 0, top: 0, right: innerWidth, bottom: innerHeight },
    ];
    return [...document.querySelectorAll('[data-testid="payout"] tr[data-line]')]
      .filter((tr) => {
        const r = tr.getBoundingClientRect();
        return boxes.some((b) => r.left < b.left - 0.5 || r.top < b.top - 0.5 || r.right > b.right + 0.5 || r.bottom > b.bottom + 0.5);
      })
      .map((tr) => `line ${tr.getAttribute('data-line')} "${tr.textContent?.trim().replace(/\s+/g, ' ')}" is not wholly in view`);
  });
