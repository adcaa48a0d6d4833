import { ApiProperty } from '@nestjs/swagger';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage, IS_OPTIONAL } from 'class-validator';
import type { FieldError } from './app.exception';

// class-transformer keeps `@Type()` in this store and exports it without typings (as
// @nestjs/mapped-types reads it too).
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: MetadataStorage;
};

/**
 * What the platform's web client sends that the strict rules of CONTRACT 1 would refuse, and
 * CONTRACT 17 accepts. Applied once, by the global pipe, to every body before it is validated:
 * a DTO only declares which of its fields the tolerances concern.
 */

type Constructor = abstract new (...args: never[]) => unknown;
type ReadOnlyValue = boolean | string;

const READ_ONLY_FIELDS = Symbol('readOnlyFields');
const FIXED_FIELDS = Symbol('fixedFields');

/**
 * Read-only fields of the resource that a request may still carry, each with the value the
 * service gives it anyway (`{system: false}`, `{status: 'active'}` on a create). Sent with that
 * value the field is accepted and dropped; with any other value it is 400 naming it. Read-only
 * ids and timestamps are never declared here: they stay unknown fields (400).
 */
export function ReadOnlyFields(fields: Record<string, ReadOnlyValue>): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(READ_ONLY_FIELDS, fields, target);
    for (const [field, value] of Object.entries(fields)) {
      ApiProperty({
        type: typeof value === 'boolean' ? 'boolean' : 'string',
        enum: [value],
        required: false,
        example: value,
        description: `Read-only: accepted only as ${JSON.stringify(value)}, the value it has anyway, and ignored`,
      })(target.prototype as object, field);
    }
  };
}

/**
 * A field that cannot change once the resource exists (a credit's `currency`), accepted on an
 * edit so long as it repeats the current value. The pipe validates it like any other field; the
 * service, once it has the row, answers 400 for a different value (`refusedChanges`).
 */
export function FixedOnceCreated(): PropertyDecorator {
  return (target, field) => {
    const fields: string[] = Reflect.getMetadata(FIXED_FIELDS, target.constructor) ?? [];
    Reflect.defineMetadata(FIXED_FIELDS, [...fields, String(field)], target.constructor);
  };
}

/** The 400 details for each `FixedOnceCreated` field of `dto` that would change `current`. */
export function refusedChanges(dto: object, current: object): FieldError[] {
  const fields: string[] = Reflect.getMetadata(FIXED_FIELDS, dto.constructor) ?? [];
  return fields
    .filter((field) => (dto as Record<string, unknown>)[field] !== undefined)
    .filter((field) => (dto as Record<string, unknown>)[field] !== (current as Record<string, unknown>)[field])
    .map((field) => ({
      field,
      message: `cannot be changed (it is ${JSON.stringify((current as Record<string, unknown>)[field])}); send that value or leave it out`,
    }));
}

const optionalFieldsOf = new WeakMap<Constructor, Set<string>>();

/** The fields `@IsOptional()` marks on the DTO (and the DTOs it is mapped from). */
function optionalFields(metatype: Constructor): Set<string> {
  let fields = optionalFieldsOf.get(metatype);
  if (!fields) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(metatype as never, '', true, false);
    fields = new Set(metadata.filter((rule) => rule.name === IS_OPTIONAL).map((rule) => rule.propertyName));
    optionalFieldsOf.set(metatype, fields);
  }
  return fields;
}

/** The DTO a nested field is validated as (`@Type(() => LineDto)`), if any. */
function nestedType(metatype: Constructor, field: string): Constructor | undefined {
  const type = defaultMetadataStorage.findTypeMetadata(metatype as never, field)?.typeFunction();
  return typeof type === 'function' && type !== Object ? (type as Constructor) : undefined;
}

/**
 * `""` in an optional field is null: it clears the field on an edit and is as absent on a
 * create (CONTRACT 17). Fields that cannot be empty keep `""`, which their own rule refuses.
 * Nested DTOs (`positions.0.comment`) are treated alike. Returns a copy; the request's body is
 * left as sent for the audit record.
 */
function emptyTextAsNull(value: Record<string, unknown>, metatype: Constructor): Record<string, unknown> {
  const optional = optionalFields(metatype);
  const copy: Record<string, unknown> = { ...value };
  for (const [field, sent] of Object.entries(copy)) {
    if (sent === '' && optional.has(field)) {
      copy[field] = null;
      continue;
    }
    const nested = sent !== null && typeof sent === 'object' ? nestedType(metatype, field) : undefined;
    if (!nested) continue;
    copy[field] = Array.isArray(sent)
      ? sent.map((item: unknown) => (isPlainObject(item) ? emptyTextAsNull(item, nested) : item))
      : isPlainObject(sent)
        ? emptyTextAsNull(sent, nested)
        : sent;
  }
  return copy;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The body with CONTRACT 17's tolerances applied for the DTO `metatype`: read-only fields that
 * repeat their implied value dropped, `""` in optional fields made null. Returns the errors
 * of read-only fields sent with another value.
 */
export function applyBodyTolerances(
  body: Record<string, unknown>,
  metatype: Constructor | undefined,
): { body: Record<string, unknown>; errors: FieldError[] } {
  if (!metatype || metatype === Object) return { body, errors: [] };
  const readOnly: Record<string, ReadOnlyValue> = Reflect.getMetadata(READ_ONLY_FIELDS, metatype) ?? {};
  const errors: FieldError[] = [];
  const tolerated = emptyTextAsNull(body, metatype);
  for (const [field, implied] of Object.entries(readOnly)) {
    if (!(field in tolerated)) continue;
    if (tolerated[field] === implied) delete tolerated[field];
    else errors.push({ field, message: `is read-only: only ${JSON.stringify(implied)} is accepted` });
  }
  return { body: tolerated, errors };
}
