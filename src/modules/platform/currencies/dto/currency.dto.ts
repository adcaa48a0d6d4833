import { ApiProperty } from '@nestjs/swagger';
import { IsNumber, Max, Min, ValidateIf } from 'class-validator';
import { CURRENCY_CODES } from '../../../../core/money/currencies';

export class CurrencyRateDto {
  /** The price of one unit in RUB. */
  @ApiProperty({ example: 92.5 })
  rate: number;
  @ApiProperty({ enum: ['manual'] })
  source: 'manual';
  @ApiProperty()
  updated_at: Date;
}

/** A currency in the Kroncl server's shape (CONTRACT 24). */
export class KronclCurrencyDto {
  /** The code. */
  @ApiProperty({ enum: CURRENCY_CODES, example: 'USD' })
  id: string;
  @ApiProperty({ example: 'US Dollar' })
  name: string;
  @ApiProperty({ enum: ['fiat', 'crypto'] })
  type: 'fiat' | 'crypto';
  @ApiProperty({ type: String, nullable: true, example: '$' })
  symbol: string | null;
  /** What an administrator set, null when none (RUB's is always 1). */
  @ApiProperty({ type: CurrencyRateDto, nullable: true })
  rate: CurrencyRateDto | null;
}

export class KronclCurrencyListDto {
  @ApiProperty({ type: [KronclCurrencyDto] })
  currencies: KronclCurrencyDto[];
}

/** A rate's least value: positive, to the eighth decimal a crypto amount has (CONTRACT 12). */
const SMALLEST_RATE = 1e-8;

export class SetCurrencyRateDto {
  /** The price of one unit in RUB: a positive number, or null to clear it. */
  @ApiProperty({ type: Number, nullable: true, example: 92.5 })
  @ValidateIf((body: SetCurrencyRateDto) => body.rate !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(SMALLEST_RATE)
  @Max(1e12)
  rate: number | null;
}
