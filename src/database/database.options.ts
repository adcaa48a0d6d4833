import { join } from 'node:path';
import { types } from 'pg';
import type { DataSourceOptions } from 'typeorm';
import { numericToJson } from './numeric';

/** How long a request waits for a database connection, new or pooled, before giving up. */
export const CONNECT_TIMEOUT_MS = 5_000;

export interface DatabaseSettings {
  url: string;
  poolSize: number;
}

/**
 * The one options object behind the application's connection and the TypeORM CLI. Migrations
 * are applied by MigrationsRunner (under a lock), never by synchronising entities.
 */
export function databaseOptions(settings: DatabaseSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    entities: [join(__dirname, '..', '**', '*.entity.{ts,js}')],
    migrations: [join(__dirname, 'migrations', '*.{ts,js}')],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    extra: {
      max: settings.poolSize,
      application_name: 'platform-api',
      // A database that is down, hung or out of connections answers 503 within this bound
      // (waiting for a pooled connection included) instead of holding requests indefinitely.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // Amounts and quantities (`numeric`) arrive as JSON numbers with their exact digits
      // (CONTRACT 12), so no repository converts them one by one.
      types: { getTypeParser: numericAsJson },
    },
  };
}

const getTypeParser = types.getTypeParser as (oid: number, format?: 'text' | 'binary') => unknown;

function numericAsJson(oid: number, format?: 'text' | 'binary'): unknown {
  return oid === types.builtins.NUMERIC && format !== 'binary' ? numericToJson : getTypeParser(oid, format);
}
