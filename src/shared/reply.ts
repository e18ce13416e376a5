import type { RuleCode } from '../core/errors';

/** The app's own refusal codes; with the rules engine's RuleCode values, the closed set of every reply's `code`. */
export const APP_ERROR_CODES = [
  'ERR_BAD_INPUT',
  'ERR_UNKNOWN_CHANNEL',
  'ERR_NOT_FOUND',
  'ERR_FORBIDDEN',
  'ERR_INTERNAL',
  'ERR_CONFLICT',
  'ERR_BAD_RECORD',
  'ERR_UNAVAILABLE',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];
/** Every code a reply can carry: the app's, or the rules engine's (src/core/errors.ts). */
export type ErrorCode = AppErrorCode | RuleCode;

/** Every IPC reply: a value or an error as data, never a thrown exception across the bridge. */
export interface ReplyError {
  code: ErrorCode;
  message: string;
}

export type Reply<T> = { ok: true; value: T } | { ok: false; error: ReplyError };

export const replyOk = <T>(value: T): Reply<T> => ({ ok: true, value });
export const replyErr = (code: ErrorCode, message: string): Reply<never> => ({ ok: false, error: { code, message } });
