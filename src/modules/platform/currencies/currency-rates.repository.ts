import { Injectable } from '@nestjs/common';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';

export interface StoredRate {
  code: string;
  rate: string;
  updated_at: Date;
}

@Injectable()
export class CurrencyRatesRepository {
  constructor(private readonly db: Db) {}

  all(): Promise<StoredRate[]> {
    return this.db.rows<StoredRate>(sql`SELECT code, rate::text AS rate, updated_at FROM currency_rates`);
  }

  one(code: string): Promise<StoredRate | null> {
    return this.db.one<StoredRate>(
      sql`SELECT code, rate::text AS rate, updated_at FROM currency_rates WHERE code = ${code}`,
    );
  }

  async set(code: string, rate: number, adminId: string): Promise<void> {
    await this.db.affected(
      sql`INSERT INTO currency_rates (code, rate, updated_by) VALUES (${code}, ${rate}, ${adminId})
          ON CONFLICT (code) DO UPDATE SET rate = EXCLUDED.rate, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    );
  }

  async clear(code: string): Promise<void> {
    await this.db.affected(sql`DELETE FROM currency_rates WHERE code = ${code}`);
  }
}
