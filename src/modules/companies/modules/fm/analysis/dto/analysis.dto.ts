import { ApiProperty } from '@nestjs/swagger';
import { TimeWindowQueryDto } from '../../../../../../core/analysis/periods';
import { CURRENCY_CODES, type CurrencyCode, DEFAULT_CURRENCY } from '../../../../../../core/money/currencies';
import { CurrencyQuery } from '../../../../../../core/money/money.validators';
import { OneOf } from '../../../../../../core/http/validators';

/** A window (default: everything) and the one currency a finance figure covers (default RUB). */
export class FinanceWindowQueryDto extends TimeWindowQueryDto {
  @CurrencyQuery()
  currency: CurrencyCode = DEFAULT_CURRENCY;
}

export const FINANCE_GROUPS = ['category', 'employee', 'day', 'month'] as const;
export type FinanceGroup = (typeof FINANCE_GROUPS)[number];

export class GroupedFinanceQueryDto extends FinanceWindowQueryDto {
  @OneOf(FINANCE_GROUPS)
  group_by: FinanceGroup;
}

/** Completed transactions in one currency within the window. */
export class FinanceSummaryDto {
  @ApiProperty({ enum: CURRENCY_CODES })
  currency: CurrencyCode;
  total_income: number;
  total_expense: number;
  /** total_income − total_expense */
  net_balance: number;
  transaction_count: number;
  /** (total_income + total_expense) / transaction_count, rounded to the currency's decimals; 0 without transactions. */
  avg_transaction: number;
}

export class FinanceGroupDto {
  /** The category or employee id (`no-category`, `no-employee`), or `YYYY-MM-DD`, `YYYY-MM` (UTC). */
  group_key: string;
  group_name: string;
  income: number;
  expense: number;
  /** income − expense */
  net: number;
  count: number;
  @ApiProperty({ enum: CURRENCY_CODES })
  currency: CurrencyCode;
}
