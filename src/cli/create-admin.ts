import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '../config/environment';
import { databaseOptions } from '../database/database.options';
import { Db } from '../database/db';
import { startEmbeddedPostgres } from '../database/embedded-postgres';
import { ensureAdministrator } from '../modules/account/accounts/accounts.face';
import { join } from 'node:path';

const USAGE = 'usage: npm run admin:create -- --email EMAIL --password PASSWORD [--name NAME] [--level 1-5]';

/**
 * Creates or updates a platform administrator. Uses DATABASE_URL, or, like the service's
 * zero-config start, the embedded PostgreSQL under DATA_DIR (stop the service first).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      level: { type: 'string' },
    },
  });
  if (!values.email || !values.password || values.password.length < 8 || values.password.length > 72) {
    throw new Error(`${USAGE}\n(the password is 8 to 72 characters)`);
  }
  const env = validateEnvironment(process.env);
  const embedded = env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dataDir: join(env.DATA_DIR, 'postgres'),
        rootDir: env.ROOT_POSTGRES_DIR,
        database: 'platform',
      });
  const db = new DataSource(databaseOptions({ url: env.DATABASE_URL ?? embedded!.url, poolSize: 1 }));
  try {
    await db.initialize();
    await db.runMigrations({ transaction: 'each' });
    const outcome = await ensureAdministrator(
      Db.of(db),
      {
        email: values.email,
        password: values.password,
        name: values.name,
        level: values.level ? Number(values.level) : undefined,
      },
      env.BCRYPT_ROUNDS,
    );
    console.log(`Administrator ${values.email}: ${outcome}`);
  } finally {
    if (db.isInitialized) await db.destroy();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
