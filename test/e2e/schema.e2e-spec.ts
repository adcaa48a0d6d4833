import { ConfigService } from '@nestjs/config';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../../src/database/database.options';
import { MigrationsRunner } from '../../src/database/migrations-runner';

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
