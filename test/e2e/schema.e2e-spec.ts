import { DataSource } from 'typeorm';
import { databaseOptions } from '../../src/database/database.options';

describe('Schema', () => {
  it('entities and migrations agree: the migrated schema needs no change', async () => {
    const db = new DataSource(databaseOptions({ url: process.env.DATABASE_URL!, migrate: false, poolSize: 1 }));
    await db.initialize();
    try {
      const pending = await db.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
      expect(await db.showMigrations()).toBe(false);
    } finally {
      await db.destroy();
    }
  });
});
