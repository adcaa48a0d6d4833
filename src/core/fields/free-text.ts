import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The longest free text a resource keeps (a comment, a description). */
export const FREE_TEXT_MAX = 2000;

/**
 * An optional free text (a comment, a description): a string of at most FREE_TEXT_MAX characters,
 * null allowed, with its example. As if written `@IsOptional() @IsString() @MaxLength(…) @ApiProperty(…)`
 * (decorators apply bottom up), so its checks and their messages come in that order. The
 * document's maxLength is written out: the Swagger plugin reads @MaxLength only on the property.
 */
export const FreeText = (example: string) =>
  applyDecorators(
    ApiProperty({ maxLength: FREE_TEXT_MAX, example }),
    MaxLength(FREE_TEXT_MAX),
    IsString(),
    IsOptional(),
  );
