import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Column } from 'typeorm';

type NumericColumnOptions = { update?: boolean; nullable?: boolean };

/** A numeric column of `precision` and `scale`, answered as a JSON number (or null, when nullable). */
const AnsweredNumeric = (precision: number, scale: number, options: NumericColumnOptions) =>
  applyDecorators(
    ApiProperty({ type: 'number', ...(options.nullable ? { nullable: true } : {}) }),
    Column({ type: 'numeric', precision, scale, ...options }),
  );

/** A quantity of a unit: numeric(18, 3). */
export const QuantityColumn = (options: NumericColumnOptions = {}) => AnsweredNumeric(18, 3, options);

/** A price in the unit's currency: numeric(23, 8). */
export const PriceColumn = (options: NumericColumnOptions = {}) => AnsweredNumeric(23, 8, options);
