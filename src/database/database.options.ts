import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';

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
    extra: { max: settings.poolSize, application_name: 'platform-api' },
  };
}
