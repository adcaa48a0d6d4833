import { DOUBLE_EXACT_DIGITS } from '../../database/numeric';

/**
 * Exact decimals from JSON (CONTRACT 12): a client's number is read by its shortest round-trip
 * form, which is what it sent for up to 15 significant digits. Stored values go back out through
 * `numericToJson` (src/database/numeric.ts).
 */

/** The most significant digits an amount or quantity may have: what a double keeps exactly. */
export const MAX_SIGNIFICANT_DIGITS = DOUBLE_EXACT_DIGITS;

/** The digits of a finite number in its shortest round-trip form, without sign or exponent. */
function digitsOf(value: number): { integer: string; fraction: string } {
  const [mantissa, exponentText] = Math.abs(value).toString().toLowerCase().split('e');
  const [integerPart, fractionPart = ''] = mantissa.split('.');
  const exponent = Number(exponentText ?? 0);
  const digits = integerPart + fractionPart;
  const point = integerPart.length + exponent;
  if (point <= 0) return { integer: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { integer: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { integer: digits.slice(0, point), fraction: digits.slice(point) };
}

/** How many decimals `value` has: 0.1 → 1, 1e-7 → 7, 12 → 0. */
export function decimalPlaces(value: number): number {
  return digitsOf(value).fraction.replace(/0+$/, '').length;
}

/** How many significant digits `value` has: 0.0012 → 2, 1200 → 2, 1200.5 → 5. */
export function significantDigits(value: number): number {
  const { integer, fraction } = digitsOf(value);
  return (integer + fraction).replace(/^0+/, '').replace(/0+$/, '').length || 1;
}
