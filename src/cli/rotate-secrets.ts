import 'reflect-metadata';
import { validateEnvironment } from '../config/environment';
import { SecretBox } from '../config/secret-box';
import { loadSecretKeys } from '../config/secret-keys';
import { Db } from '../database/db';
import { runCli, withCliDatabase } from './cli-database';
import { resealWebhookSecrets } from '../modules/companies/webhooks/webhooks.face';

/**
 * `npm run secrets:rotate` (docs/operations.md): re-seals every secret at rest that is not sealed
 * with SECRETS_KEY yet, reading it with SECRETS_KEY_PREVIOUS. Uses DATABASE_URL, or, like the
 * zero-config start, the embedded PostgreSQL under DATA_DIR (stop the service first).
 */
async function main(): Promise<void> {
  const env = validateEnvironment(process.env);
  const box = new SecretBox(loadSecretKeys(env));
  await withCliDatabase(env, async (db) => {
    const resealed = await resealWebhookSecrets(Db.of(db), box);
    console.log(`Re-sealed ${resealed} webhook secrets with SECRETS_KEY`);
  });
}

runCli(main);
