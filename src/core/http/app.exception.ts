import { HttpStatus } from '@nestjs/common';
import { violatedForeignKey, violatedUniqueConstraint } from '../../database/errors';

/** The error codes of CONTRACT section 2, with the HTTP status each one answers with. */
export const ERROR_STATUS = {
  validation_failed: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  plan_required: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  limit_exceeded: HttpStatus.CONFLICT,
  idempotency_in_progress: HttpStatus.CONFLICT,
  idempotency_replay_unavailable: HttpStatus.CONFLICT,
  payload_too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  idempotency_key_reused: HttpStatus.UNPROCESSABLE_ENTITY,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  internal_error: HttpStatus.INTERNAL_SERVER_ERROR,
  service_unavailable: HttpStatus.SERVICE_UNAVAILABLE,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  message: string;
}

/** The one exception a service throws for an expected failure; the filter renders it. */
export class AppException extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  static validation(details: FieldError[], message = 'Validation failed') {
    return new AppException('validation_failed', message, details);
  }

  static notFound(what: string) {
    return new AppException('not_found', `${what} not found`);
  }

  static conflict(message: string) {
    return new AppException('conflict', message);
  }

  static forbidden(message = 'You do not have permission to perform this operation') {
    return new AppException('forbidden', message);
  }

  static unauthorized(message = 'Authentication required') {
    return new AppException('unauthorized', message);
  }
}

/** The value, or 404 `<what> not found` when there is none. */
export function found<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw AppException.notFound(what);
  return value;
}

/**
 * Runs a write whose duplicates a unique index refuses (so concurrent requests cannot both
 * win); a violation of one of the named constraints becomes 409 conflict with its message.
 */
export async function conflictOnDuplicate<T>(write: Promise<T>, messages: Record<string, string>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint && messages[constraint]) throw AppException.conflict(messages[constraint]);
    throw error;
  }
}

/**
 * Runs a delete that a foreign key refuses while the row is still referred to (so a reference
 * added concurrently cannot slip past a check); that refusal becomes 409 conflict with `message`.
 */
export async function conflictWhileReferenced<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (violatedForeignKey(error)) throw AppException.conflict(message);
    throw error;
  }
}

/**
 * Runs a write whose references were checked first: a row deleted between the check and the
 * write makes a foreign key refuse it. A key in `references` (constraint name to the field it
 * guards) then answers the 400 the check gives, as if the check had run after the delete.
 */
export async function invalidOnVanishedReference<T>(
  write: Promise<T>,
  references: Record<string, FieldError>,
): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const constraint = violatedForeignKey(error);
    if (constraint && references[constraint]) throw AppException.validation([references[constraint]]);
    throw error;
  }
}
