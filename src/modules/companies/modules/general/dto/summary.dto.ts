import { ApiProperty } from '@nestjs/swagger';
import { CURRENCY_CODES, type CurrencyCode, DEFAULT_CURRENCY } from '../../../../../core/money/currencies';
import { CurrencyQuery } from '../../../../../core/money/money.validators';

export class SummaryQueryDto {
  /** The currency of the balance (default RUB); other currencies are answered beside it, never added. */
  @CurrencyQuery()
  currency: CurrencyCode = DEFAULT_CURRENCY;
}

/** Completed transactions of one currency over all time. */
export class CurrencyBalanceDto {
  @ApiProperty({ enum: CURRENCY_CODES })
  currency: CurrencyCode;
  balance_income: number;
  balance_expense: number;
  /** balance_income − balance_expense */
  balance_total: number;
  balance_count: number;
}

/** The company's dashboard (CONTRACT 24, the Kroncl server's CompanySummary) with the balances of other currencies beside it. */
export class CompanySummaryDto {
  employees_total: number;
  employees_active: number;
  deals_total: number;
  /** Warehouse catalog categories. */
  categories_total: number;
  /** Warehouse catalog units. */
  units_total: number;
  clients_total: number;
  clients_active: number;
  balance_income: number;
  balance_expense: number;
  balance_total: number;
  balance_count: number;
  /** The currency asked for: the balance covers its transactions only. */
  @ApiProperty({ enum: CURRENCY_CODES })
  currency: CurrencyCode;
  /** Each other currency the company's completed transactions use, by code. */
  @ApiProperty({ type: [CurrencyBalanceDto] })
  other_currencies: CurrencyBalanceDto[];
}
