/**
 * The moments the phones and the display must show on one screen (issue 22): a discard with its
 * window open, after a call, at mah jongg (the proposed payout sheet) and after confirming. The
 * game is driven through the real services (what the table screen sends); the phones follow the
 * real share server. Shared by test/e2e/view-layout.spec.ts and bench/view-layout.ts, so it uses
 * only what both Playwright packages offer (no `expect`).
 */
import type { Page } from 'playwright-core';
import type { GameEvent } from '../../src/core/events';

export const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;
export const DISPLAYS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  { width: 1280, height: 800 },
] as const;

export type ViewStage = 'open' | 'called' | 'mahjong' | 'confirmed';
export const VIEW_STAGES: readonly ViewStage[] = ['open', 'called', 'mahjong', 'confirmed'];

/** The test ids a player looks for first: on a phone they must be on the first screen, unscrolled. */
export const TOP: Record<ViewStage, readonly string[]> = {
  open: ['turn', 'wall', 'discard', 'window', 'window-why', 'standings'],
  called: ['turn', 'wall', 'discard', 'called', 'standings'],
  mahjong: ['ending', 'proposed', 'view-payout', 'standings'],
  confirmed: ['ending', 'view-payout', 'standings'],
};

type Call = (channel: string, input?: unknown) => Promise<unknown>;

/** The fullest table a view must hold: five players (a bettor), a long name, a pie with chips, money per point. */
export const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dorothea Montgomery-Smythe', 'Eve'];
const SETUP = {
  setup: { players: PLAYERS, seating: PLAYERS.slice(0, 4), bettor: 'Eve', stakes: { centsPerPoint: 2.5 }, pie: { points: 200 } },
  chips: [
    { colour: 'blue', points: 10 },
    { colour: 'white', points: 1 },
  ],
};

const append = async (call: Call, gameId: number, events: GameEvent[]): Promise<void> => {
  for (const event of events) await call('appendEvent', { gameId, event });
};

/**
 * Plays a confirmed first game (so the standings have money in them), then the second game's
 * moments, calling `at` at each one once the services have it. The caller waits for its screens.
 */
export const playViewStages = async (call: Call, at: (stage: ViewStage) => Promise<void>): Promise<void> => {
  const session = (await call('setupSession', SETUP)) as { id: number };
  const first = (await call('startGame', { sessionId: session.id })) as { id: number };
  await append(call, first.id, [
    { type: 'bet', on: 'S' },
    { type: 'discard', seat: 'E', tile: '7B' },
    { type: 'call', seat: 'S', mahjong: true },
    { type: 'mahjong', seat: 'S', value: 30, jokerless: false, from: 'E' },
  ]);
  const game = (await call('startGame', { sessionId: session.id })) as { id: number };
  await append(call, game.id, [
    { type: 'bet', on: 'W' },
    { type: 'discard', seat: 'E', tile: '5B' },
  ]);
  await at('open');
  // Three calls: exposures on three racks (a kong with a joker), the last one shown as the call sentence.
  await append(call, game.id, [
    { type: 'call', seat: 'W', exposure: ['5B', '5B', '5B'] },
    { type: 'discard', seat: 'W', tile: '3D' },
    { type: 'call', seat: 'N', exposure: ['3D', '3D', 'J', '3D'] },
    { type: 'discard', seat: 'N', tile: '6C' },
    { type: 'call', seat: 'E', exposure: ['6C', '6C', 'J'] },
  ]);
  await at('called');
  await append(call, game.id, [
    { type: 'discard', seat: 'E', tile: '2C' },
    { type: 'pick', seat: 'S' },
    { type: 'rack', seat: 'S' },
    { type: 'discard', seat: 'S', tile: '9D' },
  ]);
  // West wins on South's discard, and the bettor backed her: every loser pays the bettor too.
  const ending: GameEvent[] = [
    { type: 'call', seat: 'W', mahjong: true },
    { type: 'mahjong', seat: 'W', value: 25, jokerless: false, from: 'S' },
  ];
  const { events } = (await call('loadGame', { gameId: game.id })) as { events: unknown[] };
  await call('stageEnding', { gameId: game.id, events: ending, afterSeq: events.length });
  await at('mahjong');
  await append(call, game.id, ending);
  await call('stageEnding', { gameId: game.id, events: [], afterSeq: events.length + ending.length });
  await at('confirmed');
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
  width: number;
  height: number;
}
interface PageElement {
  getBoundingClientRect(): Box;
  getAttribute(name: string): string | null;
  querySelectorAll(s: string): Iterable<PageElement>;
  tagName: string;
  textContent: string | null;
  childNodes: Iterable<{ nodeType: number; textContent: string | null }>;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
}
declare const document: {
  documentElement: { scrollWidth: number; scrollHeight: number };
  querySelectorAll(s: string): Iterable<PageElement>;
};
declare const getComputedStyle: (el: PageElement) => {
  overflowX: string;
  overflowY: string;
  fontSize: string;
  visibility: string;
  display: string;
};
declare const innerWidth: number;
declare const innerHeight: number;

export interface Fit {
  /** How far the document scrolls past the window, in px. */
  scrollX: number;
  scrollY: number;
  /** How far the lowest of the stage's top test ids reaches below the first screen, in px (0: all in view). */
  topBelow: number;
  /** Top test ids the page does not show at all. */
  missing: string[];
  /** Elements whose content does not fit a box that hides or scrolls it, and text cut with an ellipsis. */
  clipped: string[];
  /** How far anything shown reaches below the window, in px (the display must be 0: it never scrolls). */
  below: number;
  /** Parts of the view (framed panels) with something reaching outside their frame. */
  spill: string[];
  /** Elements that reach past the right edge of the window (a phone never scrolls sideways). */
  offRight: string[];
  /** The smallest text on the page, in px, and what it says. */
  minFont: number;
  minText: string;
}

/** Measures the view as it stands (scrolled to the top). */
export const fit = async (page: Page, top: readonly string[]): Promise<Fit> => {
  // tsx (the bench) names the functions declared inside with a helper of its own the page lacks.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate((top) => {
    const say = (el: PageElement): string =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const all = [...document.querySelectorAll('main *')];
    const shown = all.filter((el) => {
      const r = el.getBoundingClientRect();
      // Words only for screen readers (.sr) are not on the screen.
      return (
        r.width > 1 &&
        r.height > 1 &&
        getComputedStyle(el).visibility !== 'hidden' &&
        !(el.getAttribute('class') ?? '').split(' ').includes('sr')
      );
    });
    let topBelow = 0;
    const missing: string[] = [];
    for (const id of top) {
      const els = [...document.querySelectorAll(`[data-testid="${id}"]`)];
      if (els.length === 0) missing.push(id);
      for (const el of els) topBelow = Math.max(topBelow, el.getBoundingClientRect().bottom - innerHeight);
    }
    const clipped = shown
      .filter((el) => {
        const s = getComputedStyle(el);
        const hidesX = s.overflowX !== 'visible';
        const hidesY = s.overflowY !== 'visible';
        return (hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1);
      })
      // The page itself scrolling is measured apart (scrollY); a phone's page may scroll below the top part.
      .filter((el) => el.tagName !== 'MAIN')
      .map(say);
    const below = Math.max(0, ...shown.map((el) => el.getBoundingClientRect().bottom - innerHeight));
    const spill: string[] = [];
    for (const box of document.querySelectorAll('main .panel')) {
      const b = box.getBoundingClientRect();
      for (const el of box.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.left < b.left - 1 || r.top < b.top - 1 || r.right > b.right + 1 || r.bottom > b.bottom + 1))
          spill.push(`${say(el)} outside ${say(box)}`);
      }
    }
    const offRight = shown.filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5).map(say);
    let minFont = Infinity;
    let minText = '';
    for (const el of shown) {
      const text = [...el.childNodes]
        .filter((n) => n.nodeType === 3)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!text) continue;
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px < minFont) {
        minFont = px;
        minText = text.slice(0, 40);
      }
    }
    return {
      scrollX: Math.max(0, document.documentElement.scrollWidth - innerWidth),
      scrollY: Math.max(0, document.documentElement.scrollHeight - innerHeight),
      topBelow: Math.max(0, Math.ceil(topBelow)),
      below: Math.ceil(below),
      spill,
      missing,
      clipped,
      offRight,
      minFont,
      minText,
    };
  }, top);
};
