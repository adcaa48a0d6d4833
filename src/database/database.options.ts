import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';

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
    },
  };
}
