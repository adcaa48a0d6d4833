import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateBy, ValidationArguments } from 'class-validator';
import { AppException } from '../http/app.exception';
import {
  CURRENCY_CODES,
  currencyDecimals,
  CurrencyCode,
  DEFAULT_CURRENCY,
  isCurrencyCode,
  MAX_CURRENCY_DECIMALS,
} from './currencies';
import { decimalPlaces, MAX_SIGNIFICANT_DIGITS, significantDigits } from './decimal';
import { AMOUNT_COLUMN, numericMaximum, NumericShape, QUANTITY_COLUMN } from './numeric-columns';

/** Why `value` is not an amount of at most `decimals` decimals up to `maximum` (null when it is one). */
function decimalProblem(
  value: unknown,
  decimals: number,
  minimum: 'positive' | 'zero',
  maximum: number,
): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  if (minimum === 'positive' ? value <= 0 : value < 0) {
    return minimum === 'positive' ? 'must be greater than 0' : 'must not be negative';
  }
  if (value > maximum) return `must be at most ${maximum}`;
  if (significantDigits(value) > MAX_SIGNIFICANT_DIGITS) {
    return `must have at most ${MAX_SIGNIFICANT_DIGITS} significant digits`;
  }
  if (decimalPlaces(value) > decimals) return `must have at most ${decimals} decimals`;
  return null;
}

export interface AmountOptions {
  /** Money movements are > 0 ('positive'); prices are ≥ 0 ('zero'). */
  minimum: 'positive' | 'zero';
  /**
   * The sibling property naming the amount's currency, whose decimals bound it. Without one the
   * amount may have up to 8 decimals here and the service checks it against the currency it
   * takes from the database ({@link assertAmountFits}).
   */
  currencyField?: string;
  /** A fixed number of decimals (deal prices are RUB: 2) instead of a currency's. */
  decimals?: number;
  /** The column that stores it (default {@link AMOUNT_COLUMN}): its precision bounds the amount. */
  column?: NumericShape;
  /** A bound below the column's (a rate's 100). */
  maximum?: number;
  /** The OpenAPI example (default 1500.5). */
  example?: number;
}

/** The largest amount `options` admit: the column's bound, or a lower one of the option. */
const amountMaximum = (options: AmountOptions) =>
  Math.min(options.maximum ?? Infinity, numericMaximum(options.column ?? AMOUNT_COLUMN));

/** The step a fixed number of decimals allows (OpenAPI `multipleOf`): 2 → 0.01. */
const stepOf = (decimals: number) => Number((10 ** -decimals).toFixed(decimals));

/**
 * The least value a schema admits: 0, or for a positive value its smallest step (0.00000001 for
 * an amount in any currency). Said as `minimum` rather than OpenAPI 3.0's boolean
 * `exclusiveMinimum`, which example validators of the 3.1 kind (openapi-typescript's) refuse.
 */
const leastValue = (minimum: 'positive' | 'zero', decimals: number) => (minimum === 'positive' ? 10 ** -decimals : 0);

/**
 * An amount of money (CONTRACT 12): a JSON number, finite, at most 15 significant digits and at
 * most its currency's decimals; > 0 for movements, ≥ 0 for prices; at most what its column
 * stores (CONTRACT 20). Stored as `numeric`.
 */
export const Amount = (options: AmountOptions) =>
  applyDecorators(
    ApiProperty({
      type: 'number',
      minimum: leastValue(options.minimum, options.decimals ?? MAX_CURRENCY_DECIMALS),
      maximum: amountMaximum(options),
      multipleOf: stepOf(options.decimals ?? (options.column ?? AMOUNT_COLUMN).scale),
      example: options.example ?? 1500.5,
      description: `Exact decimal: at most ${MAX_SIGNIFICANT_DIGITS} significant digits and ${
        options.currencyField
          ? `the currency's decimals (2 fiat, 8 crypto)`
          : `${options.decimals ?? MAX_CURRENCY_DECIMALS} decimals`
      }`,
    }),
    ValidateBy({
      name: 'isAmount',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          decimalProblem(value, amountDecimals(options, args), options.minimum, amountMaximum(options)) === null,
        defaultMessage: (args?: ValidationArguments) =>
          decimalProblem(args?.value, amountDecimals(options, args), options.minimum, amountMaximum(options)) ??
          'must be an amount',
      },
    }),
  );

function amountDecimals(options: AmountOptions, args?: ValidationArguments): number {
  if (options.decimals !== undefined) return options.decimals;
  const currency = options.currencyField ? (args?.object as Record<string, unknown>)[options.currencyField] : undefined;
  // An unknown currency is reported on its own field; the amount is then held to the widest rule.
  return isCurrencyCode(currency) ? currencyDecimals(currency) : MAX_CURRENCY_DECIMALS;
}

/** 400 naming `field` unless `amount` fits `currency` (for a currency read from the database). */
export function assertAmountFits(
  amount: number,
  currency: CurrencyCode,
  field: string,
  minimum: 'positive' | 'zero' = 'positive',
): void {
  const problem = decimalProblem(amount, currencyDecimals(currency), minimum, numericMaximum(AMOUNT_COLUMN));
  if (problem) throw AppException.validation([{ field, message: `${problem} (${currency})` }]);
}

/**
 * A quantity (CONTRACT 15): a JSON number > 0 with at most its column's decimals (3) and 15
 * significant digits, at most what the column stores.
 */
export const Quantity = (column: NumericShape = QUANTITY_COLUMN) => {
  const { scale: decimals } = column;
  const maximum = numericMaximum(column);
  return applyDecorators(
    ApiProperty({
      type: 'number',
      minimum: leastValue('positive', decimals),
      maximum,
      multipleOf: stepOf(decimals),
      example: 2.5,
      description: `At most ${decimals} decimals`,
    }),
    ValidateBy({
      name: 'isQuantity',
      validator: {
        validate: (value: unknown) => decimalProblem(value, decimals, 'positive', maximum) === null,
        defaultMessage: (args?: ValidationArguments) =>
          decimalProblem(args?.value, decimals, 'positive', maximum) ?? 'must be a quantity',
      },
    }),
  );
};

const CURRENCY_MESSAGE = `must be one of ${CURRENCY_CODES.join(', ')}`;

/** A required currency code of CONTRACT 12 (any other code is 400). */
export const Currency = () =>
  applyDecorators(
    ApiProperty({ enum: CURRENCY_CODES, example: DEFAULT_CURRENCY }),
    IsIn(CURRENCY_CODES, { message: CURRENCY_MESSAGE }),
  );

/**
 * A query's `currency`: which currency a summary covers. Give the property its default,
 * `currency: CurrencyCode = DEFAULT_CURRENCY`, so an absent one means RUB.
 */
export const CurrencyQuery = () =>
  applyDecorators(
    ApiProperty({ enum: CURRENCY_CODES, required: false, default: DEFAULT_CURRENCY }),
    IsOptional(),
    IsIn(CURRENCY_CODES, { message: CURRENCY_MESSAGE }),
  );
