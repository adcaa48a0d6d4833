import type { ErrorCode } from '../http/app.exception';
import THROWN_ERRORS from './thrown-errors.json';

/**
 * The error codes an operation answers because of what its code does, beside those openapi-finish
 * derives from what the document says of it (docs/openapi.md): what its handler can throw
 * (thrown-errors.json, read from the source), a write's collision with a concurrent one, and
 * the database's unavailability behind every credential check.
 */

/** Handler (`ClientsController.create`) → error code → the messages it is thrown with ('' when built at run time). */
export type ThrownErrors = Record<string, Partial<Record<ErrorCode, string[]>>>;

/** The message of StorageUnavailableError's 503 (all-exceptions.filter.ts). */
export const STORAGE_UNAVAILABLE = 'Object storage is unavailable; try again later';

/** Handler `ClientsController.create` of each operation id, recorded as Nest names the operations. */
export type HandlerKeys = ReadonlyMap<string, string>;

export interface OperationFacts {
  handler: string | undefined;
  authenticated: boolean;
  /** A POST, PATCH, PUT or DELETE with a permission on a company path: the audited change transaction. */
  auditedChange: boolean;
}

const GENERIC: Partial<Record<ErrorCode, string>> = {
  validation_failed: 'a value the handler checks against the data is invalid; `error.details` names it',
  unauthorized: 'the credentials are wrong, or invalid, revoked or expired',
  forbidden: 'the caller may not do this to this resource',
  not_found: 'something the request names does not exist',
  conflict: "the resource's state does not allow this",
  limit_exceeded: 'a limit of the resource or the plan would be exceeded',
  rate_limited: 'too many attempts; see Retry-After',
};

/** The messages the handler's code writes out for a code (those built at run time are left out). */
export function thrownMessages(facts: OperationFacts, code: ErrorCode): string[] {
  const thrown = facts.handler ? (THROWN_ERRORS as ThrownErrors)[facts.handler] : undefined;
  return (thrown?.[code] ?? []).filter(Boolean);
}

/** Each code the operation's code can answer, with why (the thrown messages where written out). */
export function codeDerivedErrors(facts: OperationFacts): Map<ErrorCode, string> {
  const errors = new Map<ErrorCode, string>();
  const thrown = facts.handler ? ((THROWN_ERRORS as ThrownErrors)[facts.handler] ?? {}) : {};
  for (const code of Object.keys(thrown) as ErrorCode[]) {
    if (code === 'service_unavailable') continue;
    const messages = thrownMessages(facts, code);
    errors.set(code, messages.length ? messages.map((message) => `"${message}"`).join('; ') : (GENERIC[code] ?? code));
  }
  if (facts.auditedChange) {
    const collision = 'the change collided with concurrent ones each time it was run; retry it';
    errors.set('conflict', errors.has('conflict') ? `${errors.get('conflict')}; ${collision}` : collision);
  }
  if (facts.authenticated || thrown.service_unavailable) {
    const storage = thrown.service_unavailable?.includes(STORAGE_UNAVAILABLE) ? ' or the object store' : '';
    errors.set('service_unavailable', `the database${storage} is unavailable; see Retry-After`);
  }
  return errors;
}
