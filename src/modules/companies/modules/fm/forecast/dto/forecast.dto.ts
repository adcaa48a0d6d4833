import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { CURRENCY_CODES } from '../../../../../../core/money/currencies';
import { FinanceWindowQueryDto } from '../../analysis/dto/analysis.dto';
import { OneOf } from '../../../../../../core/http/validators';

export const FORECAST_METHODS = ['theta'] as const;
export type ForecastMethod = (typeof FORECAST_METHODS)[number];
export const CONFIDENCE_LEVELS = ['low', 'medium', 'high'] as const;

/** The window (default: the 180 UTC days ending today), its currency and the forecast's length. */
export class ForecastQueryDto extends FinanceWindowQueryDto {
  @OneOf(FORECAST_METHODS, { optional: true, default: 'theta' })
  method: ForecastMethod = 'theta';

  /** Days forecast after the window, 1 to 365. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(365)
  horizon: number = 30;
}

class ForecastHeadDto {
  @ApiProperty({ enum: FORECAST_METHODS })
  method: ForecastMethod;
  @ApiProperty({ enum: CURRENCY_CODES })
  currency: string;
  horizon: number;
  /** Days of the window with completed transactions in the currency. */
  data_points: number;
  @ApiProperty({ enum: CONFIDENCE_LEVELS })
  confidence: string;
}

export class ForecastPointDto {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  /** The day's income − expense (forecast days: the prediction, rounded to the currency's decimals). */
  net_flow: number;
  /** The running sum of net_flow from the window's first day. */
  balance: number;
  /** true for the window's days, false for forecast days. */
  is_actual: boolean;
}

export class ForecastTimelineDto extends ForecastHeadDto {
  @ApiProperty({ type: [ForecastPointDto] })
  points: ForecastPointDto[];
}

export class ForecastSummaryDto extends ForecastHeadDto {
  predicted_balance: number;
  predicted_income: number;
  predicted_expense: number;
  predicted_net_flow: number;
  predicted_tx_count: number;
  current_balance: number;
  current_income: number;
  current_expense: number;
  current_tx_count: number;
}
