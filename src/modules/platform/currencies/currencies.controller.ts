import { Controller, Get } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../core/auth/auth.decorators';
import { CURRENCIES, CURRENCY_CODES } from '../../../core/money/currencies';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

export class CurrencyDto {
  @ApiProperty({ enum: CURRENCY_CODES, example: 'RUB' })
  code: string;
  @ApiProperty({ example: 'Российский рубль' })
  name: string;
  @ApiProperty({ enum: ['fiat', 'crypto'] })
  type: 'fiat' | 'crypto';
  /** Decimals an amount in this currency may have: 2 for fiat, 8 for crypto. */
  @ApiProperty({ example: 2 })
  decimals: number;
  @ApiProperty({ type: String, nullable: true, example: '₽' })
  symbol: string | null;
}

export class CurrencyListDto {
  @ApiProperty({ type: [CurrencyDto] })
  currencies: CurrencyDto[];
}

@ApiTags('Public')
@Public()
@Controller('currencies')
export class CurrenciesController {
  /** The currencies amounts may be in (CONTRACT 12); any other code is refused */
  @Get()
  @Endpoint({ answer: CurrencyListDto })
  list(): CurrencyListDto {
    return { currencies: CURRENCIES.map((currency) => ({ ...currency })) };
  }
}
