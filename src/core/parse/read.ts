import { err, ok, type Result } from '../result';

/**
 * Helpers shared by the parsers of this folder: they read untrusted JSON values and throw
 * `Invalid` with a sentence; each parser turns that into a `Result` at its edge.
 */
export class Invalid extends Error {}

export const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
export const show = (x: unknown): string => (x === undefined ? 'missing' : (JSON.stringify(x) ?? String(x)).slice(0, 60));

/** Run a reader that throws `Invalid`; anything else thrown is a bug and is rethrown. */
export const attempt = <T>(read: () => T): Result<T, string> => {
  try {
    return ok(read());
  } catch (e) {
    if (e instanceof Invalid) return err(e.message);
    throw e;
  }
};

/** Unwrap a parser's Result inside a reader, rethrowing its sentence. */
export const must = <T>(r: Result<T, string>): T => {
  if (!r.ok) throw new Invalid(r.error);
  return r.value;
};
