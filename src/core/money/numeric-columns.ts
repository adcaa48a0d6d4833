import { Column } from 'typeorm';
import { DOUBLE_EXACT_DIGITS } from '../../database/numeric';

/**
 * The `numeric(precision, scale)` columns that store what clients send (CONTRACT 12, 15, 20).
 * Each is declared here once: the entity's column, the DTO validator's bounds and the OpenAPI
 * `maximum`/`multipleOf` all read the same shape, so they cannot disagree.
 */
export interface NumericShape {
  precision: number;
  scale: number;
}

/** An amount of money in any currency (transactions, credits, unit and stock prices). */
export const AMOUNT_COLUMN: NumericShape = { precision: 23, scale: 8 };
/** A deal position's price, in roubles. */
export const DEAL_PRICE_COLUMN: NumericShape = { precision: 17, scale: 2 };
/** A quantity of a unit (stock, deal positions). */
export const QUANTITY_COLUMN: NumericShape = { precision: 18, scale: 3 };
/** A percentage with two decimals (a credit's interest rate). */
export const RATE_COLUMN: NumericShape = { precision: 5, scale: 2 };

/**
 * The largest value `shape` stores that a JSON number states exactly (at most 15 significant
 * digits): numeric(23, 8) → 999999999999999, numeric(5, 2) → 999.99.
 */
export function numericMaximum(shape: NumericShape): number {
  const integerDigits = shape.precision - shape.scale;
  const decimals = Math.max(0, Math.min(shape.scale, DOUBLE_EXACT_DIGITS - integerDigits));
  return Number((10 ** integerDigits - 10 ** -decimals).toFixed(decimals));
}

/** The TypeORM column of `shape`. */
export const NumericColumn = (shape: NumericShape, options: { update?: boolean; nullable?: boolean } = {}) =>
  Column({ type: 'numeric', precision: shape.precision, scale: shape.scale, ...options });

/** The largest value of an `integer` (int4) column: a whole-number input's bound (CONTRACT 20). */
export const INTEGER_COLUMN_MAXIMUM = 2_147_483_647;
