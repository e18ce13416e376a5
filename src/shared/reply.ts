/** Every IPC reply: a value or an error as data, never a thrown exception across the bridge. */
export interface ReplyError {
  /** 'ERR_*': ERR_BAD_INPUT, ERR_UNKNOWN_CHANNEL, ERR_NOT_FOUND, ERR_FORBIDDEN, ERR_INTERNAL, or a rules-engine code. */
  code: string;
  message: string;
}

export type Reply<T> = { ok: true; value: T } | { ok: false; error: ReplyError };

export const replyOk = <T>(value: T): Reply<T> => ({ ok: true, value });
export const replyErr = (code: string, message: string): Reply<never> => ({ ok: false, error: { code, message } });
