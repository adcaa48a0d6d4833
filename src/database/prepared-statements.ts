import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * For the queries every request runs before any transaction opens (the credential lookup,
 * the company guard): straight to the pool as named statements, which Postgres plans once per
 * connection, without setting up a TypeORM query runner per call. Everything else goes
 * through `Db`, so that it joins the caller's transaction.
 */
@Injectable()
export class PreparedStatements {
  private readonly pool: Pool;

  constructor(db: DataSource) {
    this.pool = (db.driver as PostgresDriver).master;
  }

  async rows<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    return (await this.pool.query({ name, text, values })).rows;
  }
}
