import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Column } from 'typeorm';
import { MetadataProperty } from '../http/validators';

type EnumColumnOptions = { length: number; default?: string; nullable?: boolean; update?: boolean };

/**
 * A text column that holds one of `values` (a `varchar` of `length`), documented in the answer
 * as that enum: the entity's twin of `@OneOf`.
 */
export const EnumColumn = (values: readonly string[], options: EnumColumnOptions) =>
  applyDecorators(
    Column({ type: 'varchar', ...options }),
    ApiProperty({ enum: values as string[], ...(options.nullable ? { nullable: true } : {}) }),
  );

/** The free-form `metadata` column: JSON (jsonb), null when unset, documented as `@MetadataProperty`. */
export const MetadataColumn = () => applyDecorators(Column({ type: 'jsonb', nullable: true }), MetadataProperty());
