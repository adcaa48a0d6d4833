import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { validateEnvironment } from '../config/environment';
import { Db } from '../database/db';
import { ensureAdministrator } from '../modules/account/accounts/accounts.face';
import { runCli, withCliDatabase } from './cli-database';

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
  const { email, password } = values;
  const env = validateEnvironment(process.env);
  await withCliDatabase(env, async (db) => {
    await db.runMigrations({ transaction: 'each' });
    const outcome = await ensureAdministrator(
      Db.of(db),
      {
        email,
        password,
        name: values.name,
        level: values.level ? Number(values.level) : undefined,
      },
      env.BCRYPT_ROUNDS,
    );
    console.log(`Administrator ${email}: ${outcome}`);
  });
}

runCli(main);
