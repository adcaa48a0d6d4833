import {
  ArgumentMetadata,
  Injectable,
  ParseUUIDPipe,
  Param,
  PipeTransform,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import { AppException, FieldError } from './app.exception';
import { applyBodyTolerances } from './tolerances';
import { UNSAFE_TEXT_MESSAGE, unsafeTextFields } from './unsafe-text';

/** What an unknown query parameter is told (CONTRACT 1: never silently dropped). */
export const UNKNOWN_QUERY_PARAMETER = 'is not a known query parameter';

/**
 * Flattens class-validator's tree into `[{field: "a.b", message}]`, one entry per broken rule.
 * `unknown` is the message for a field the DTO does not declare.
 */
export function fieldErrors(errors: ValidationError[], parent = '', unknown = 'is not an allowed field'): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, text]) => ({
      field,
      message: rule === 'whitelistValidation' ? unknown : stripFieldName(text, error.property),
    }));
    return [...own, ...fieldErrors(error.children ?? [], field, unknown)];
  });
}

/** class-validator messages start with the property name; `field` already says it. */
function stripFieldName(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}

/** Deeper JSON would overflow the stack of the recursive validation and transformation. */
export const MAX_BODY_DEPTH = 32;

/** Iterative, so that measuring a hostile document cannot overflow the stack itself. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

const exceptionFactory = (errors: ValidationError[]) => AppException.validation(fieldErrors(errors));
const queryExceptionFactory = (errors: ValidationError[]) =>
  AppException.validation(fieldErrors(errors, '', UNKNOWN_QUERY_PARAMETER));

/** 400 naming each field whose text PostgreSQL could not store, before any of it reaches SQL. */
function refuseUnsafeText(value: unknown, field?: string): void {
  const fields = unsafeTextFields(field === undefined ? value : { [field]: value });
  if (fields.length > 0) {
    throw AppException.validation(fields.map((name) => ({ field: name, message: UNSAFE_TEXT_MESSAGE })));
  }
}

/**
 * The global pipe. Bodies reject unknown fields and query strings unknown parameters (CONTRACT 1:
 * a dropped filter would show wrong data without a word); both convert to the DTO's types and
 * answer 400 with details. Bodies first get CONTRACT 17's tolerances (tolerances.ts). Text no
 * column can hold (NUL, lone surrogates) is refused here, once for every route. Routes that
 * declare no query or no body at all are checked by UndeclaredInputGuard.
 */
@Injectable()
export class AppValidationPipe implements PipeTransform {
  private readonly body = new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory,
  });
  private readonly query = new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory: queryExceptionFactory,
  });

  transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type === 'body') {
      const body = value ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw AppException.validation([{ field: 'body', message: 'must be a JSON object' }]);
      }
      if (nestedDeeperThan(body, MAX_BODY_DEPTH)) {
        throw AppException.validation([
          { field: 'body', message: `must not nest deeper than ${MAX_BODY_DEPTH} levels` },
        ]);
      }
      refuseUnsafeText(body);
      const tolerated = applyBodyTolerances(body as Record<string, unknown>, metadata.metatype);
      if (tolerated.errors.length > 0) throw AppException.validation(tolerated.errors);
      return this.body.transform(tolerated.body, metadata);
    }
    if (metadata.type === 'query') {
      refuseUnsafeText(value, metadata.data);
      return this.query.transform(value, metadata);
    }
    if (metadata.type === 'param') refuseUnsafeText(value, metadata.data);
    return value;
  }
}

/** A path parameter that must be a UUID (CONTRACT 1: anything else is 400 validation_failed). */
export const UuidParam = (name: string) =>
  Param(
    name,
    new ParseUUIDPipe({
      exceptionFactory: () => AppException.validation([{ field: name, message: 'must be a UUID' }]),
    }),
  );
