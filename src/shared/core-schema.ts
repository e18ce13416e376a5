import { z } from 'zod';
import { parseCard, type Card } from '../core/card';
import type { GameEvent } from '../core/events';
import { parseDice } from '../core/dice';
import { parseName } from '../core/names';
import { parseEvent } from '../core/parse/event';
import { parseSetup, type SessionSetup } from '../core/parse/setup';
import type { Result } from '../core/result';
import type { SessionSetupInput } from './types';

/**
 * The core's parsers as zod schemas, so the IPC contract, the record reader and the reducer
 * read events and setups with the same code (src/core/parse/). The core's sentence becomes the
 * issue's message; `In` is only the type the page is asked to send, the parser judges it.
 */
export const fromCore = <In, Out>(parse: (x: unknown) => Result<Out, string>) =>
  z.custom<In>().transform((x, ctx): Out => {
    const r = parse(x);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.error });
    return z.NEVER;
  });

/** An event from the page: seats and tiles in any case, canonical out; unknown fields refused. */
export const gameEventSchema = fromCore<GameEvent, GameEvent>((x) => parseEvent(x));

/** A session header from the setup screen. */
export const sessionSetupSchema = fromCore<SessionSetupInput, SessionSetup>((x) => parseSetup(x));

/** A player's name (the roster, a deviated seating): trimmed, the core's length and character rule. */
export const playerNameSchema = fromCore<string, string>((x) => parseName(x, 'name'));

/** East's dice throw. */
export const diceSchema = fromCore<number, number>(parseDice);

/** A group card's text that reads (docs/card.md): the card, or its first problem as the message. */
export const cardTextSchema = fromCore<string, { text: string; card: Card }>((x) => {
  if (typeof x !== 'string') return { ok: false, error: 'A card is its text, typed or pasted.' };
  if (x.length > 200_000) return { ok: false, error: 'That card is too long to be a card: keep it under 200,000 characters.' };
  const r = parseCard(x);
  return r.ok ? { ok: true, value: { text: x, card: r.value } } : { ok: false, error: r.error[0]!.message };
});
