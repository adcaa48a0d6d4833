import { ConfigService } from '@nestjs/config';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../../src/database/database.options';
import { rfc3339 } from '../../src/database/sql';
import { MigrationsRunner } from '../../src/database/migrations-runner';
import { ModuleViews1797800000020 } from '../../src/database/migrations/1797800000020-ModuleViews';
import { COUNTERPARTY_JSON, COUNTERPARTY_PROFILES } from '../../src/modules/companies/modules/cpm/counterparties.face';
import {
  CLIENT_DETAIL_JSON,
  CLIENT_PROFILES,
  CLIENT_SEARCH_TEXT,
} from '../../src/modules/companies/modules/crm/crm.face';
import { EMPLOYEE_JSON, EMPLOYEE_PROFILES } from '../../src/modules/companies/modules/hrm/hrm.face';
import {
  CATALOG_UNIT_PROFILES,
  POSITION_JSON,
  STOCK_POSITION_PROFILES,
} from '../../src/modules/companies/modules/wm/warehouse.face';

describe('Schema', () => {
  it('entities and migrations agree: the migrated schema needs no change', async () => {
    const db = new DataSource(databaseOptions({ url: process.env.DATABASE_URL!, poolSize: 1 }));
    await db.initialize();
    try {
      const pending = await db.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
      expect(await db.showMigrations()).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it("the views other modules read have the columns their owners' exported JSON reads", async () => {
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      // Planning fails on a column the view lacks: an owner's new column needs its view replaced.
      for (const read of [
        `SELECT ${CLIENT_DETAIL_JSON}, ${CLIENT_SEARCH_TEXT} FROM ${CLIENT_PROFILES} c`,
        `SELECT ${EMPLOYEE_JSON} FROM ${EMPLOYEE_PROFILES} e`,
        `SELECT ${POSITION_JSON} FROM ${STOCK_POSITION_PROFILES} p JOIN ${CATALOG_UNIT_PROFILES} u ON u.id = p.unit_id`,
        `SELECT ${COUNTERPARTY_JSON} FROM ${COUNTERPARTY_PROFILES} cp`,
      ]) {
        await expect(db.query(`EXPLAIN ${read}`)).resolves.toBeDefined();
      }
    } finally {
      await db.end();
    }
  });

  it('the migration ModuleViews goes down and up again', async () => {
    const db = new DataSource(databaseOptions({ url: process.env.DATABASE_URL!, poolSize: 1 }));
    await db.initialize();
    const runner = db.createQueryRunner();
    const views = () =>
      runner.query(`SELECT count(*)::int AS count FROM pg_views WHERE schemaname = current_schema()`) as Promise<
        Array<{ count: number }>
      >;
    try {
      // In a transaction rolled back at the end: the other suites' database keeps its views.
      await runner.startTransaction();
      const migration = new ModuleViews1797800000020();
      const [migrated] = await views();
      await migration.down(runner);
      const [down] = await views();
      await migration.up(runner);
      const [up] = await views();
      expect(migrated.count - down.count).toBe(10);
      expect(up.count).toBe(migrated.count);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
      await db.destroy();
    }
  });

  it('answers a timestamp as the exact text JSON writes of the Date node-postgres parses', async () => {
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      // A session zone far from UTC, and microseconds that a rounding formatter would carry.
      await db.query(`SET TIME ZONE 'Asia/Kathmandu'`);
      const { rows } = await db.query<{ parsed: Date; answered: string }>(
        `SELECT t AS parsed, ${rfc3339('t')} AS answered
         FROM (SELECT '1970-01-01 00:00:00Z'::timestamptz + g * interval '1 day 1 hour 1.000999 second' AS t
               FROM generate_series(0, 20000) g
               UNION ALL SELECT '2024-02-29 23:59:59.999999Z'
               UNION ALL SELECT '1999-12-31 23:59:59.5Z') v`,
      );
      expect(rows).toHaveLength(20003);
      expect(rows.filter((row) => JSON.stringify(row.parsed) !== JSON.stringify(row.answered))).toEqual([]);
    } finally {
      await db.end();
    }
  });

  it('replicas starting together apply the migrations once, one after the other', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const name = `${url.pathname.slice(1)}_lock`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    url.pathname = `/${name}`;
    const replicas = [1, 2].map(() => new DataSource(databaseOptions({ url: url.toString(), poolSize: 2 })));
    try {
      await Promise.all(replicas.map((db) => db.initialize()));
      const config = new ConfigService({ DB_MIGRATE: true });
      await Promise.all(replicas.map((db) => new MigrationsRunner(db, config as never).onModuleInit()));
      const applied = await replicas[0].query(`SELECT name FROM migrations`);
      expect(applied.length).toBe(replicas[0].migrations.length);
      expect(new Set(applied.map((m: { name: string }) => m.name)).size).toBe(applied.length);
    } finally {
      await Promise.all(replicas.map((db) => db.isInitialized && db.destroy()));
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
