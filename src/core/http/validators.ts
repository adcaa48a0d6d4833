import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  isISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** A required text: a string, trimmed, 1 to `max` characters. */
export const TrimmedText = (max: number) =>
  applyDecorators(Transform(trim), IsString(), IsNotEmpty({ message: 'must not be empty' }), MaxLength(max));

/** A required human name: a trimmed text of 1 to `max` characters. */
export const TrimmedName = (max = 100) => TrimmedText(max);

/** A list's `search`: optional, trimmed, 1 to 100 characters; empty or blank is no search. */
export const SearchTerm = () =>
  applyDecorators(
    ApiProperty({ maxLength: 100 }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value)),
    IsString(),
    MaxLength(100),
  );

/** A boolean query parameter, written `true` or `false`; anything else is 400. */
export const BooleanQuery = () =>
  applyDecorators(
    ApiProperty({ required: false, type: 'boolean', example: true }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value)),
    IsBoolean(),
  );

/** An e-mail address, trimmed and lower-cased so comparisons are case-insensitive. */
export const NormalisedEmail = () =>
  applyDecorators(
    ApiProperty({ format: 'email', maxLength: 254, example: 'user@example.com' }),
    Transform(trimLower),
    IsEmail({}, { message: 'must be an email' }),
    MaxLength(254),
  );

/**
 * An optional field that may be left out but not sent as null (its column is NOT NULL), where
 * `@IsOptional()` would let null through. Update DTOs get the same rule for every field from
 * `PartialType(CreateDto, { skipNullProperties: false })`; null then passes only the fields
 * the create DTO marks `@IsOptional()`.
 */
export const Omittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** Largest `metadata` accepted: 16 KiB of JSON text (UTF-8), as serialised. */
export const METADATA_MAX_BYTES = 16 * 1024;

/** Free-form `metadata`: a JSON object or array of at most 16 KiB, or null (unset / clear). */
export const Metadata = () =>
  applyDecorators(
    MetadataProperty(false),
    IsOptional(),
    ValidateBy({
      name: 'isMetadata',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          Buffer.byteLength(JSON.stringify(value), 'utf8') <= METADATA_MAX_BYTES,
        defaultMessage: () => `must be a JSON object or array of at most ${METADATA_MAX_BYTES} bytes`,
      },
    }),
  );

/** OpenAPI for a `metadata` field: an object or an array, null when unset. */
export const MetadataProperty = (required = true) =>
  ApiProperty({
    description: `Free-form JSON object or array, at most ${METADATA_MAX_BYTES} bytes serialised; null when unset`,
    oneOf: [
      { type: 'object', additionalProperties: true },
      { type: 'array', items: {} },
    ],
    example: { campaign: 'spring' },
    nullable: true,
    required,
  });

/**
 * A phone number as people write it: an optional leading `+`, then 5 to 20 digits, which may be
 * grouped with spaces, hyphens and parentheses (`+7 (495) 123-45-67`, `8 800 555 35 35`).
 * Trimmed, at most 32 characters, stored as given.
 */
export const PHONE_PATTERN = /^\+?(?:[ ()-]*\d){5,20}[ ()-]*$/;

export const Phone = () =>
  applyDecorators(
    ApiProperty({ maxLength: 32, example: '+7 495 123-45-67' }),
    Transform(trim),
    IsString(),
    MaxLength(32),
    Matches(PHONE_PATTERN, {
      message: 'must be a phone number: an optional +, then 5 to 20 digits, spaces, hyphens or parentheses',
    }),
  );

const RFC3339_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([Zz]|[+-](\d{2}):(\d{2}))$/;

/**
 * Whether `value` is an RFC 3339 date-time with its offset (`2026-11-21T10:00:00Z`,
 * `2026-11-21T13:00:00.5+03:00`) naming a real instant: no date-only form, no missing offset,
 * no 30 February, nothing finer than the database's microseconds.
 */
export function isRfc3339Time(value: unknown): boolean {
  const parts = typeof value === 'string' ? RFC3339_TIME.exec(value) : null;
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    (parts[9] === undefined || (Number(parts[9]) < 24 && Number(parts[10]) < 60))
  );
}

/**
 * A query parameter the platform's web client sends beside `canonical` under another name, with
 * the same value (CONTRACT 17): declared, deprecated in OpenAPI, and 400 when it differs from
 * `canonical`. The caller uses `canonical ?? alias`.
 */
export const QueryAliasOf = (canonical: string) =>
  applyDecorators(
    ApiProperty({ type: 'string', required: false, deprecated: true, description: `Alias of ${canonical}` }),
    IsOptional(),
    ValidateBy({
      name: 'isQueryAlias',
      validator: {
        validate: (value: unknown, args) => {
          const other = (args?.object as Record<string, unknown>)[canonical];
          return other === undefined || other === value;
        },
        defaultMessage: () => `must equal ${canonical} when both are given`,
      },
    }),
  );

/** An RFC 3339 date-time query or body value (CONTRACT 12: a malformed one is 400, never ignored). */
export const Rfc3339Time = () =>
  applyDecorators(
    ApiProperty({ type: 'string', format: 'date-time', required: false }),
    ValidateBy({
      name: 'isRfc3339Time',
      validator: {
        validate: isRfc3339Time,
        defaultMessage: () => 'must be an RFC 3339 date-time with offset, e.g. 2026-11-21T10:00:00Z',
      },
    }),
  );

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written `YYYY-MM-DD` (no 30 February). */
export function isCalendarDate(value: unknown): boolean {
  const parts = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An RFC 3339 date-time becomes its calendar date in its own offset (CONTRACT 17:
 * `2026-01-31T23:30:00+03:00` is 2026-01-31), which is the date it is written with.
 */
const dateOfDateTime = ({ value }: { value: unknown }) =>
  isRfc3339Time(value) ? (value as string).slice(0, 10) : value;

/**
 * A calendar date, `YYYY-MM-DD` (CONTRACT 12: a credit's start_date and end_date, a due date);
 * an RFC 3339 date-time is taken too, as its own calendar date (CONTRACT 17).
 */
export const CalendarDate = () =>
  applyDecorators(
    ApiProperty({
      type: 'string',
      format: 'date',
      example: '2026-11-21',
      description: 'YYYY-MM-DD; an RFC 3339 date-time is accepted as the date it is written with (its own offset)',
    }),
    Transform(dateOfDateTime),
    ValidateBy({
      name: 'isCalendarDate',
      validator: {
        validate: isCalendarDate,
        defaultMessage: () => 'must be a date written YYYY-MM-DD (or an RFC 3339 date-time)',
      },
    }),
  );

/** How a `OneOf` field may be left out: `optional` (absent or null), `omittable` (absent, never null). */
export interface OneOfOptions {
  optional?: boolean;
  omittable?: boolean;
  /** Validated only when this holds (documented as not required), e.g. one of two alternatives. */
  when?: (dto: never) => boolean;
  /** The field is an array whose every item is one of the values. */
  each?: boolean;
  /** The 400's message instead of class-validator's `must be one of the following values: …`. */
  message?: string;
  default?: unknown;
  description?: string;
  example?: unknown;
  nullable?: boolean;
}

/**
 * A field that takes one of `values`: validates it (`@IsIn`, and how it may be left out) and
 * documents the same list as the schema's `enum`, so the two cannot drift apart.
 */
export function OneOf(values: readonly unknown[], options: OneOfOptions = {}): PropertyDecorator {
  const { optional, omittable, when, each, message, ...documented } = options;
  const leftOut = optional
    ? [IsOptional()]
    : omittable
      ? [Omittable()]
      : when
        ? [ValidateIf((dto: object) => (when as (dto: object) => boolean)(dto))]
        : [];
  return applyDecorators(
    IsIn(values as unknown[], { ...(each ? { each } : {}), ...(message ? { message } : {}) }),
    ...leftOut,
    ApiProperty({
      enum: values as unknown[],
      ...(each ? { isArray: true } : {}),
      ...(optional || omittable || when ? { required: false } : {}),
      ...documented,
    }),
  );
}
