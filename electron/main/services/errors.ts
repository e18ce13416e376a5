import type { ErrorCode } from '../../../src/shared/reply';

/** A refusal a service raises on purpose; dispatch turns it into `{ok: false, error: {code, message}}`. */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string): ServiceError => new ServiceError('ERR_NOT_FOUND', `${what} not found`);
