import type {
  ExampleObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { API_PREFIX } from '../../version';
import { messageOfStatus } from '../http/envelope';
import type { ErrorCode, FieldError } from '../http/app.exception';
import type { ErrorEnvelope } from '../http/envelope';

/**
 * The envelope's `message` example of a success answer: what the service says for its status
 * ("Created" for 201), beside the `data` part of the envelope (api-envelope.decorator.ts).
 */
export function withSuccessMessage(status: number, response: ResponseObject): void {
  const parts = (response.content?.['application/json']?.schema as SchemaObject | undefined)?.allOf;
  const own = parts?.find((part): part is SchemaObject => !('$ref' in part) && Boolean(part.properties?.data));
  if (own && messageOfStatus(status) !== 'OK')
    own.properties = { message: { type: 'string', example: messageOfStatus(status) }, ...own.properties };
}

/**
 * One example answer per error code of an operation (docs/openapi.md): the message its code
 * throws where the source writes it out (thrown-errors.json), else the one the service's own
 * guards, pipe and filter answer with.
 */
const MESSAGES: Record<ErrorCode, string> = {
  validation_failed: 'Validation failed',
  unauthorized: 'Authentication required',
  forbidden: "Requires permission 'crm.clients.create'",
  plan_required: "The company's plan does not include 'crm.clients.create'",
  not_found: 'Company not found',
  conflict: 'The change collided with a concurrent change; retry it',
  limit_exceeded: "The company is over its plan's database limit (limit_db_mb)",
  idempotency_in_progress: 'A request with this Idempotency-Key is still running; retry shortly',
  idempotency_replay_unavailable:
    'The answer to this request showed a secret once and cannot be replayed; revoke what it created and create it again',
  payload_too_large: 'Request body exceeds the 1 MiB limit',
  idempotency_key_reused: 'This Idempotency-Key was used with another method, path or body',
  rate_limited: 'Daily request quota of this API key is spent',
  internal_error: 'Internal server error',
  service_unavailable: 'The database is unavailable; retry shortly',
};

const DETAILS: Partial<Record<ErrorCode, FieldError[]>> = {
  validation_failed: [{ field: 'name', message: 'name must be shorter than or equal to 255 characters' }],
};

/** `/api/v1/companies/{id}/…` with example ids, as `meta.path` shows a real request's path. */
const examplePath = (path: string) => path.replace(/\{[^}]+\}/g, '3fa85f64-5717-4562-b3fc-2c963f66afa6');

function envelope(code: ErrorCode, message: string, path: string, method: string): ErrorEnvelope {
  return {
    status: false,
    message,
    data: {},
    error: DETAILS[code] ? { code, details: DETAILS[code] } : { code },
    meta: {
      timestamp: '2026-01-31T09:00:00.000Z',
      request_id: '8d3c5f0e-2b1a-4c6d-9e7f-0a1b2c3d4e5f',
      path: examplePath(path),
      method: method.toUpperCase(),
    },
  };
}

/** `components.examples`: each code's answer as the guards, pipe and filter give it, shared by every operation. */
export const ERROR_EXAMPLES: Record<string, ExampleObject> = Object.fromEntries(
  (Object.keys(MESSAGES) as ErrorCode[]).map((code) => [
    code,
    { summary: code, value: envelope(code, MESSAGES[code], `/${API_PREFIX}/companies/{id}/crm/clients`, 'post') },
  ]),
);

/**
 * An operation's examples of its error codes: the message its own code throws, written out in
 * the source, inline; otherwise the shared example of the code.
 */
export function errorExamples(
  path: string,
  method: string,
  codes: ErrorCode[],
  messagesOf: (code: ErrorCode) => string[],
): Record<string, ExampleObject | ReferenceObject> {
  return Object.fromEntries(
    codes.map((code) => {
      const [message] = messagesOf(code);
      if (!message) return [code, { $ref: `#/components/examples/${code}` }];
      return [code, { summary: code, value: envelope(code, message, path, method) }];
    }),
  );
}
