/** The currencies of CONTRACT 12: amounts in any other code are refused (400). */
export const CURRENCIES = [
  { code: 'RUB', name: 'Российский рубль', type: 'fiat', decimals: 2, symbol: '₽' },
  { code: 'USD', name: 'US Dollar', type: 'fiat', decimals: 2, symbol: '$' },
  { code: 'EUR', name: 'Euro', type: 'fiat', decimals: 2, symbol: '€' },
  { code: 'KZT', name: 'Қазақстан теңгесі', type: 'fiat', decimals: 2, symbol: '₸' },
  { code: 'CNY', name: '人民币', type: 'fiat', decimals: 2, symbol: '¥' },
  { code: 'AMD', name: 'Հայկական դրամ', type: 'fiat', decimals: 2, symbol: '֏' },
  { code: 'GBP', name: 'Pound Sterling', type: 'fiat', decimals: 2, symbol: '£' },
  { code: 'TRY', name: 'Türk lirası', type: 'fiat', decimals: 2, symbol: '₺' },
  { code: 'AED', name: 'UAE Dirham', type: 'fiat', decimals: 2, symbol: null },
  { code: 'BYN', name: 'Беларускі рубель', type: 'fiat', decimals: 2, symbol: 'Br' },
  { code: 'BTC', name: 'Bitcoin', type: 'crypto', decimals: 8, symbol: '₿' },
  { code: 'ETH', name: 'Ether', type: 'crypto', decimals: 8, symbol: 'Ξ' },
  { code: 'SOL', name: 'Solana', type: 'crypto', decimals: 8, symbol: null },
  { code: 'USDT', name: 'Tether USD', type: 'crypto', decimals: 8, symbol: null },
  { code: 'USDC', name: 'USD Coin', type: 'crypto', decimals: 8, symbol: null },
  { code: 'TON', name: 'Toncoin', type: 'crypto', decimals: 8, symbol: null },
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];

export const CURRENCY_CODES: readonly CurrencyCode[] = CURRENCIES.map((currency) => currency.code);

/** What every summary, analysis and forecast covers when the query names no currency. */
export const DEFAULT_CURRENCY: CurrencyCode = 'RUB';

/** The most decimals any currency allows (crypto). */
export const MAX_CURRENCY_DECIMALS = 8;

const DECIMALS = new Map<string, number>(CURRENCIES.map((currency) => [currency.code, currency.decimals]));

/** How many decimals an amount in `code` may have. */
export function currencyDecimals(code: CurrencyCode): number {
  return DECIMALS.get(code)!;
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && DECIMALS.has(value);
}
