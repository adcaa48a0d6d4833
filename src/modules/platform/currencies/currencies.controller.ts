import { TextParams } from '../../../core/access/company-route.decorators';
import { Body, Controller, Get, Param } from '@nestjs/common';
import { ApiParam, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../../core/access/admin-route.decorators';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { Public } from '../../../core/auth/auth.decorators';
import { Put } from '../../../core/http/verbs';
import { CURRENCIES, CURRENCY_CODES } from '../../../core/money/currencies';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';
import { CurrenciesService } from './currencies.service';
import { KronclCurrencyDto, KronclCurrencyListDto, SetCurrencyRateDto } from './dto/currency.dto';

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

/** The currencies in the Kroncl server's shape, with the rates administrators set (CONTRACT 24). */
@ApiTags('Currencies')
@Controller('currency')
export class CurrencyRatesController {
  constructor(private readonly currencies: CurrenciesService) {}

  /** Every currency with its rate in RUB (null when none is set) */
  @Public()
  @Get()
  @Endpoint({ answer: KronclCurrencyListDto })
  listCurrencyRates() {
    return this.currencies.list();
  }

  /** One currency by its code (404 for an unknown one) */
  @Public()
  @Get(':code')
  @ApiParam({ name: 'code', description: 'A currency: its `id` from `GET /api/v1/currency` (`USD`)' })
  @Endpoint({ answer: KronclCurrencyDto })
  getCurrency(@Param('code') code: string) {
    return this.currencies.get(code);
  }
}

@ApiTags('Currencies')
@Controller('admin/currency')
export class AdminCurrencyController {
  constructor(private readonly currencies: CurrenciesService) {}

  /** Set a currency's price in RUB, or clear it with null (administrators of level 5; RUB's is fixed: 400) */
  @Put(':code')
  @TextParams('code')
  @AdminRoute(5, { action: 'currency.rate' })
  @ApiParam({
    name: 'code',
    description: 'A currency other than RUB: its `id` from `GET /api/v1/currency`',
    example: 'USD',
  })
  @Endpoint({
    answer: KronclCurrencyDto,
    errors: { forbidden: 'the caller is not a platform administrator of level 5' },
  })
  setCurrencyRate(@CurrentAuth() auth: AuthContext, @Param('code') code: string, @Body() body: SetCurrencyRateDto) {
    return this.currencies.setRate(code, body.rate, auth.account.id);
  }
}
