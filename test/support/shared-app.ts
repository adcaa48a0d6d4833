import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../../src/database/database.options';
import { withClientAddresses } from './client-addresses';
import { failOnViolations } from './response-validator';

/** The docblock tag of a suite that runs on the shared application. */
export const SHARED_APP_PRAGMA = 'shared-app';
/** The docblock tag of a suite that runs on a database of its own (test/support/shared-app-environment.ts). */
export const OWN_DATABASE_PRAGMA = 'own-database';

/** The global through which test/support/shared-app-environment.ts hands a suite the shared application's URL. */
export const SHARED_APP_URL = 'sharedTestAppUrl';
/** The global through which a suite takes the answers of the shared application that contradicted docs/openapi.json. */
export const SHARED_APP_VIOLATIONS = 'sharedTestAppViolations';

/** What a suite of the shared application holds: an agent on it, and its own connection to the run's database. */
export interface SharedTestApp {
  http: TestAgent;
  db: DataSource;
  /**
   * Closes this suite's connection; the application stays for the next suite. Fails, as an
   * application of its own would, when the suite's answers contradicted docs/openapi.json.
   */
  close(): Promise<void>;
}

/**
 * The application of this jest process (booted by createTestApp), for a suite that only sends
 * requests and reads the database, and says so with `@shared-app` in its docblock. A suite that
 * adds controllers or modules, sets the environment, reaches into the application's services or
 * breaks it makes its own with createTestApp. Suites share nothing else: each makes its own
 * accounts and companies.
 */
export async function sharedTestApp(): Promise<SharedTestApp> {
  const sharedAppUrl = (globalThis as { [SHARED_APP_URL]?: () => Promise<string> })[SHARED_APP_URL];
  if (!sharedAppUrl)
    throw new Error(`sharedTestApp: the suite's first comment must be a docblock with @${SHARED_APP_PRAGMA}`);
  const url = await sharedAppUrl();
  // The application's options (numeric as JSON numbers included), without its entities: queries only.
  const db = new DataSource({
    ...databaseOptions({ url: process.env.DATABASE_URL!, poolSize: 4 }),
    entities: [],
    migrations: [],
  });
  await db.initialize();
  const takeViolations = (globalThis as { [SHARED_APP_VIOLATIONS]?: () => Promise<string[]> })[SHARED_APP_VIOLATIONS]!;
  return {
    http: withClientAddresses(request(url)),
    db,
    close: async () => {
      await db.destroy();
      failOnViolations(await takeViolations());
    },
  };
}
