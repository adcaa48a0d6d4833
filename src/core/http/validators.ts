import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** A required human name: a string, trimmed, 1 to `max` characters. */
export const TrimmedName = (max = 100) =>
  applyDecorators(Transform(trim), IsString(), IsNotEmpty({ message: 'must not be empty' }), MaxLength(max));

/** An e-mail address, trimmed and lower-cased so comparisons are case-insensitive. */
export const NormalisedEmail = () =>
  applyDecorators(Transform(trimLower), IsEmail({}, { message: 'must be an email' }), MaxLength(254));
