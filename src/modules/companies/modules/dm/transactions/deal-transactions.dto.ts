import { TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { type CurrencyCode, DEFAULT_CURRENCY } from '../../../../../core/money/currencies';
import { CurrencyQuery } from '../../../../../core/money/money.validators';

/** The window and currency of a transactions summary (CONTRACT 16; default RUB, everything). */
export class DealTransactionsSummaryQueryDto extends TimeWindowQueryDto {
  @CurrencyQuery()
  currency: CurrencyCode = DEFAULT_CURRENCY;
}
