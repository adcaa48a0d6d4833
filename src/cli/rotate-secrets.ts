import 'reflect-metadata';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '../config/environment';
import { SecretBox } from '../config/secret-box';
import { loadSecretKeys } from '../config/secret-keys';
import { databaseOptions } from '../database/database.options';
import { Db } from '../database/db';
import { startEmbeddedPostgres } from '../database/embedded-postgres';
import { resealWebhookSecrets } from '../modules/companies/webhooks/webhooks.face';

/**
 * `npm run secrets:rotate` (docs/operations.md): re-seals every secret at rest that is not sealed
 * with SECRETS_KEY yet, reading it with SECRETS_KEY_PREVIOUS. Uses DATABASE_URL, or, like the
 * zero-config start, the embedded PostgreSQL under DATA_DIR (stop the service first).
 */
async function main(): Promise<void> {
  const env = validateEnvironment(process.env);
  const box = new SecretBox(loadSecretKeys(env));
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
    const resealed = await resealWebhookSecrets(Db.of(db), box);
    console.log(`Re-sealed ${resealed} webhook secrets with SECRETS_KEY`);
  } finally {
    if (db.isInitialized) await db.destroy();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
