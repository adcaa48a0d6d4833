import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Db } from './db';
import { NamedStatementsCheck } from './named-statements-check';

/**
 * Provides `Db` to every module, bound to the application's pool and its CLS transactions, and
 * checks at start-up that named statements work through whatever DATABASE_URL reaches.
 */
@Global()
@Module({
  providers: [
    {
      provide: Db,
      inject: [DataSource, TransactionHost, ConfigService],
      useFactory: (
        dataSource: DataSource,
        txHost: TransactionHost<TransactionalAdapterTypeOrm>,
        config: ConfigService<{ DB_NAMED_STATEMENTS: boolean }, true>,
      ) =>
        new Db(
          (dataSource.driver as PostgresDriver).master as Pool,
          async () =>
            txHost.isTransactionActive() ? ((await txHost.tx.queryRunner!.connect()) as PoolClient) : undefined,
          config.get('DB_NAMED_STATEMENTS', { infer: true }),
        ),
    },
    NamedStatementsCheck,
  ],
  exports: [Db],
})
export class DatabaseModule {}
