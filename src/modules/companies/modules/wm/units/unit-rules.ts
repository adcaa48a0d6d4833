import type { FieldError } from '../../../../../core/http/app.exception';
import { currencyDecimals, type CurrencyCode } from '../../../../../core/money/currencies';
import { decimalPlaces } from '../../../../../core/money/decimal';

/** The fields the rules of CONTRACT 15 look at, as the unit would be after a change. */
export interface UnitSettings {
  type: string;
  inventory_type: string;
  tracking_detail: string | null;
  tracked_type: string | null;
  purchase_price: number | null;
  sale_price: number;
  currency: string;
}

/** The stock settings, frozen while the unit has stock. */
export const STOCK_SETTINGS = ['inventory_type', 'tracking_detail', 'tracked_type'] as const;

/** Every rule across a unit's fields that `unit` breaks, one entry per field (CONTRACT 15). */
export function unitProblems(unit: UnitSettings): FieldError[] {
  const problems: FieldError[] = [];
  const tracked = unit.inventory_type === 'tracked';
  if (tracked && unit.type === 'service') {
    problems.push({ field: 'inventory_type', message: 'a service is never tracked' });
  }
  if (tracked && unit.tracking_detail === null) {
    problems.push({ field: 'tracking_detail', message: 'is required when the unit is tracked' });
  } else if (!tracked && unit.tracking_detail !== null) {
    problems.push({ field: 'tracking_detail', message: 'must be null when the unit is untracked' });
  }
  if (unit.tracking_detail === 'batch' && unit.tracked_type === null) {
    problems.push({ field: 'tracked_type', message: 'is required when tracking_detail is batch' });
  } else if (unit.tracking_detail !== 'batch' && unit.tracked_type !== null) {
    problems.push({ field: 'tracked_type', message: 'must be null unless tracking_detail is batch' });
  }
  if (tracked && unit.purchase_price === null) {
    problems.push({ field: 'purchase_price', message: 'is required when the unit is tracked' });
  } else if (!tracked && unit.purchase_price !== null) {
    problems.push({ field: 'purchase_price', message: 'must be null when the unit is untracked' });
  }
  // A PATCH may change the currency alone: the stored prices must still fit its decimals.
  const decimals = currencyDecimals(unit.currency as CurrencyCode);
  for (const field of ['sale_price', 'purchase_price'] as const) {
    const price = unit[field];
    if (price !== null && decimalPlaces(price) > decimals) {
      problems.push({ field, message: `must have at most ${decimals} decimals (${unit.currency})` });
    }
  }
  return problems;
}
