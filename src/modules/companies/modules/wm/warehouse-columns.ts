import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { AMOUNT_COLUMN, NumericColumn, NumericShape, QUANTITY_COLUMN } from '../../../../core/money/numeric-columns';

type NumericColumnOptions = { update?: boolean; nullable?: boolean };

/** A numeric column of `shape`, answered as a JSON number (or null, when nullable). */
const AnsweredNumeric = (shape: NumericShape, options: NumericColumnOptions) =>
  applyDecorators(
    ApiProperty({ type: 'number', ...(options.nullable ? { nullable: true } : {}) }),
    NumericColumn(shape, options),
  );

/** A quantity of a unit: numeric(18, 3). */
export const QuantityColumn = (options: NumericColumnOptions = {}) => AnsweredNumeric(QUANTITY_COLUMN, options);

/** A price in the unit's currency: numeric(23, 8). */
export const PriceColumn = (options: NumericColumnOptions = {}) => AnsweredNumeric(AMOUNT_COLUMN, options);
