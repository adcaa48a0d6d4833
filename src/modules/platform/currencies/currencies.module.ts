import { Module } from '@nestjs/common';
import { AdminCurrencyController, CurrenciesController, CurrencyRatesController } from './currencies.controller';
import { CurrenciesService } from './currencies.service';
import { CurrencyRatesRepository } from './currency-rates.repository';

@Module({
  controllers: [CurrenciesController, CurrencyRatesController, AdminCurrencyController],
  providers: [CurrenciesService, CurrencyRatesRepository],
})
export class CurrenciesModule {}
