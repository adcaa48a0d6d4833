import { ConfigService } from '@nestjs/config';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { PermissionCatalogSync } from '../../src/core/access/permission-catalog-sync';
import type { PermissionDeclarations } from '../../src/core/access/permission-codes';
import { databaseOptions } from '../../src/database/database.options';
import { MigrationsRunner } from '../../src/database/migrations-runner';
import { PERMISSIONS } from '../../src/vocabulary';

/** The catalog as rows, sorted by code, as the declarations would write it. */
const rowsOf = (declarations: PermissionDeclarations) =>
  Object.entries(declarations)
    .map(([code, declared]) => ({ code, ...declared }))
    .sort((a, b) => (a.code < b.code ? -1 : 1));

describe('The permission catalog follows the modules’ declarations', () => {
  const url = new URL(process.env.DATABASE_URL!);
  const name = `${url.pathname.slice(1)}_catalog`;
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  let db: DataSource;

  /** Starts the service's migration step as a replica does, with these declarations. */
  const start = async (declarations: PermissionDeclarations) => {
    const config = new ConfigService({ DB_MIGRATE: true });
    await new MigrationsRunner(db, config as never, new PermissionCatalogSync(declarations)).onModuleInit();
  };
  const catalog = () =>
    db.query(`SELECT code, lvl, criticality, allow_expired, description FROM permissions ORDER BY code COLLATE "C"`);

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    db = new DataSource(databaseOptions({ url: scratch.toString(), poolSize: 2 }));
    await db.initialize();
  });

  afterAll(async () => {
    if (db?.isInitialized) await db.destroy();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('after the first start-up the catalog equals the declarations, which the old seeds already matched', async () => {
    await db.runMigrations({ transaction: 'each' });
    expect(await catalog()).toEqual(rowsOf(PERMISSIONS));
    const sync = new PermissionCatalogSync(PERMISSIONS);
    const runner = db.createQueryRunner();
    try {
      expect(await sync.sync(runner)).toBe(0);
    } finally {
      await runner.release();
    }
    await start(PERMISSIONS);
    expect(await catalog()).toEqual(rowsOf(PERMISSIONS));
  });

  it('a newly declared code appears after a restart, a changed one is updated, an undeclared one goes', async () => {
    const added = {
      ...PERMISSIONS,
      'crm.clients.export': { lvl: 2, criticality: 5, allow_expired: false, description: 'export clients' },
    };
    await start(added);
    expect(await catalog()).toEqual(rowsOf(added));

    const changed = { ...added, 'crm.clients': { ...PERMISSIONS['crm.clients'], description: 'read the clients' } };
    await start(changed);
    expect(await catalog()).toEqual(rowsOf(changed));

    await start(PERMISSIONS);
    expect(await catalog()).toEqual(rowsOf(PERMISSIONS));
  });
});
