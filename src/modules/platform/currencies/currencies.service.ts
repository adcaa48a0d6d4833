import { Injectable } from '@nestjs/common';
import { AppException } from '../../../core/http/app.exception';
import { CURRENCIES, DEFAULT_CURRENCY } from '../../../core/money/currencies';
import { CurrencyRatesRepository, StoredRate } from './currency-rates.repository';
import type { CurrencyRateDto, KronclCurrencyDto, KronclCurrencyListDto } from './dto/currency.dto';

type Currency = (typeof CURRENCIES)[number];

/** The currencies of CONTRACT 12 with the rates administrators set (CONTRACT 24): RUB is the unit. */
@Injectable()
export class CurrenciesService {
  constructor(private readonly rates: CurrencyRatesRepository) {}

  async list(): Promise<KronclCurrencyListDto> {
    const stored = new Map((await this.rates.all()).map((rate) => [rate.code, rate]));
    return { currencies: CURRENCIES.map((currency) => this.shape(currency, stored.get(currency.code) ?? null)) };
  }

  async get(code: string): Promise<KronclCurrencyDto> {
    const currency = this.known(code);
    return this.shape(currency, await this.rates.one(currency.code));
  }

  /** Sets (or with null clears) a currency's rate; RUB's is fixed at 1 (400). */
  async setRate(code: string, rate: number | null, adminId: string): Promise<KronclCurrencyDto> {
    const currency = this.known(code);
    if (currency.code === DEFAULT_CURRENCY) {
      throw AppException.validation(
        [{ field: 'rate', message: 'RUB is the unit of every rate: its rate is always 1' }],
        'RUB has no settable rate',
      );
    }
    if (rate === null) await this.rates.clear(currency.code);
    else await this.rates.set(currency.code, rate, adminId);
    return this.get(currency.code);
  }

  private known(code: string): Currency {
    const currency = CURRENCIES.find((candidate) => candidate.code === code);
    if (!currency) throw AppException.notFound('Currency');
    return currency;
  }

  private shape(currency: Currency, stored: StoredRate | null): KronclCurrencyDto {
    const rate: CurrencyRateDto | null =
      currency.code === DEFAULT_CURRENCY
        ? { rate: 1, source: 'manual', updated_at: new Date() }
        : stored && { rate: Number(stored.rate), source: 'manual', updated_at: stored.updated_at };
    return { id: currency.code, name: currency.name, type: currency.type, symbol: currency.symbol, rate };
  }
}
