import { plainToInstance } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import { CurrencyCode, DEFAULT_CURRENCY } from './currencies';
import { Amount, assertAmountFits, Currency, CurrencyQuery, Quantity } from './money.validators';

class Movement {
  @Amount({ minimum: 'positive', currencyField: 'currency' })
  amount: number;
  @Currency()
  currency: string;
}

class Price {
  @Amount({ minimum: 'zero', decimals: 2 })
  price: number;
  @IsOptional()
  @Quantity()
  quantity?: number;
}

class Summary {
  @CurrencyQuery()
  currency: CurrencyCode = DEFAULT_CURRENCY;
}

const problems = (type: new () => object, plain: object) =>
  validateSync(plainToInstance(type, plain)).flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) => `${error.property} ${message}`),
  );

describe('money validators', () => {
  it('bounds an amount by its currency decimals', () => {
    expect(problems(Movement, { amount: 10.25, currency: 'RUB' })).toEqual([]);
    expect(problems(Movement, { amount: 10.255, currency: 'RUB' })).toEqual(['amount must have at most 2 decimals']);
    expect(problems(Movement, { amount: 0.00000001, currency: 'BTC' })).toEqual([]);
    expect(problems(Movement, { amount: 0.000000001, currency: 'BTC' })).toEqual([
      'amount must have at most 8 decimals',
    ]);
  });

  it('refuses non-positive movements, strings, 16 significant digits and unknown currencies', () => {
    expect(problems(Movement, { amount: 0, currency: 'RUB' })).toEqual(['amount must be greater than 0']);
    expect(problems(Movement, { amount: '10', currency: 'RUB' })).toEqual(['amount must be a number']);
    expect(problems(Movement, { amount: 1234567890123.456, currency: 'BTC' })).toEqual([
      'amount must have at most 15 significant digits',
    ]);
    expect(problems(Movement, { amount: 5, currency: 'rub' })).toEqual([
      expect.stringMatching(/^currency must be one of RUB, USD/),
    ]);
  });

  it('lets prices be zero but never negative; quantities have at most 3 decimals', () => {
    expect(problems(Price, { price: 0 })).toEqual([]);
    expect(problems(Price, { price: -1 })).toEqual(['price must not be negative']);
    expect(problems(Price, { price: 1, quantity: 1.125 })).toEqual([]);
    expect(problems(Price, { price: 1, quantity: 1.1255 })).toEqual(['quantity must have at most 3 decimals']);
  });

  it('defaults a summary to RUB and refuses an unknown currency', () => {
    expect(plainToInstance(Summary, {}).currency).toBe('RUB');
    expect(problems(Summary, { currency: 'XXX' })).toHaveLength(1);
  });

  it('checks an amount against a currency read from the database', () => {
    expect(() => assertAmountFits(10.5, 'USD', 'amount')).not.toThrow();
    expect(() => assertAmountFits(10.555, 'USD', 'amount')).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });
});
