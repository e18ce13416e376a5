import { z } from 'zod';
import { DEAD_CAUSES, type GameEvent } from '../core/events';
import { SEATS } from '../core/seats';
import { parseTile, type Tile } from '../core/tiles';

/**
 * Keep in step with src/core/events.ts and the record reader in src/core/record.ts
 * (test/main/dispatch.test.ts checks that every event a record accepts passes here too).
 *
 * zod schemas for what crosses into main from the page or a file: tiles (case-insensitive in,
 * canonical out), seats and the table-record events. Shape only: the rules engine judges legality.
 */
export const tileSchema = z.string().transform((s, ctx): Tile => {
  const t = parseTile(s);
  if (t === null) {
    ctx.addIssue({ code: 'custom', message: `"${s}" is not a tile (1B-9B, 1C-9C, 1D-9D, N E W S, R G 0, F, J)` });
    return z.NEVER;
  }
  return t;
});

export const seatSchema = z.enum(SEATS, { error: 'a seat is "E", "S", "W" or "N"' });


const points = z.number().int().positive('a hand value is a whole number above 0');

export const gameEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('bet'), on: seatSchema }),
  z.strictObject({ type: z.literal('discard'), seat: seatSchema, tile: tileSchema, named: tileSchema.optional(), hot: z.boolean().optional(), beforePick: z.boolean().optional() }),
  z.strictObject({ type: z.literal('pick'), seat: seatSchema }),
  z.strictObject({ type: z.literal('rack'), seat: seatSchema, tap: z.boolean().optional() }),
  // One object for both kinds of call: a discriminated union cannot hold two 'call' options.
  z
    .strictObject({
      type: z.literal('call'),
      seat: seatSchema,
      exposure: z.array(tileSchema).min(3, 'an exposure has 3 to 6 tiles').max(6, 'an exposure has 3 to 6 tiles').optional(),
      mahjong: z.literal(true).optional(),
      together: z.boolean().optional(),
    })
    .refine((c) => (c.exposure === undefined) !== (c.mahjong === undefined), {
      message: 'a call has either "exposure" (the tiles exposed) or "mahjong": true',
    }),
  z.strictObject({ type: z.literal('jokerExchange'), seat: seatSchema, from: seatSchema, tile: tileSchema, beforePick: z.boolean().optional() }),
  z.strictObject({
    type: z.literal('dead'),
    seat: seatSchema,
    by: seatSchema.optional(),
    upheld: z.boolean().optional(),
    cause: z.enum(DEAD_CAUSES).optional(),
    disputed: z.boolean().optional(),
  }),
  z.strictObject({
    type: z.literal('mahjong'),
    seat: seatSchema,
    value: points,
    jokerless: z.boolean(),
    category: z.enum(['singles-pairs', 'quints']).optional(),
    from: seatSchema.optional(),
    selfPick: z.boolean().optional(),
    special: z.enum(['heavenly', 'earthly']).optional(),
    concealed: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('mahjongInError'), seat: seatSchema, exposed: z.boolean(), value: points.optional(), survivorValue: points.optional() }),
  z.strictObject({ type: z.literal('wrongWall'), seat: seatSchema }),
  z.strictObject({ type: z.literal('wallGame') }),
  z.strictObject({ type: z.literal('retract') }),
]) as unknown as z.ZodType<GameEvent, unknown>;

/** A zod error as one line a person can act on: "event.tile: "5Q" is not a tile". */
export const describeIssues = (e: z.ZodError): string =>
  e.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : 'input'}: ${i.message}`)
    .join('; ');
