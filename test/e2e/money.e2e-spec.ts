/** @shared-app */
import { Db } from '../../src/database/db';
import { sql } from '../../src/database/sql';
import { expectSuccess } from '../support/expectations';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';

describe('Money (CONTRACT 12)', () => {
  let t: SharedTestApp;

  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(() => t.close());

  it('GET /currencies lists ten fiat currencies with 2 decimals and six crypto with 8, without credentials', async () => {
    const {
      currencies,
    }: { currencies: Array<{ code: string; type: string; decimals: number; symbol: string | null }> } = expectSuccess(
      await t.http.get('/api/v1/currencies'),
    );
    const codes = (type: string, decimals: number) =>
      currencies.filter((c) => c.type === type && c.decimals === decimals).map((c) => c.code);
    expect(codes('fiat', 2)).toEqual(['RUB', 'USD', 'EUR', 'KZT', 'CNY', 'AMD', 'GBP', 'TRY', 'AED', 'BYN']);
    expect(codes('crypto', 8)).toEqual(['BTC', 'ETH', 'SOL', 'USDT', 'USDC', 'TON']);
    expect(currencies).toHaveLength(16);
    expect(currencies.find((c) => c.code === 'RUB')).toEqual({
      code: 'RUB',
      name: 'Российский рубль',
      type: 'fiat',
      decimals: 2,
      symbol: '₽',
    });
  });

  it('reads numeric columns as numbers with their exact digits, sums included', async () => {
    const db = Db.of(t.db);
    const row = await db.one<{ amount: number; sum: number; tiny: number; nothing: number | null }>(
      sql`SELECT 100.50::numeric(20, 2) AS amount, (0.1::numeric + 0.2::numeric) AS sum,
        0.00000001::numeric AS tiny, NULL::numeric AS nothing`,
    );
    expect(row).toEqual({ amount: 100.5, sum: 0.3, tiny: 1e-8, nothing: null });
  });
});
