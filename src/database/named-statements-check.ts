import { Injectable, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { StartupError } from '../config/startup-error';

/** How long the probe waits for a second server connection before giving its first one back. */
const SECOND_CONNECTION_WAIT_MS = 1000;
/** SQLSTATEs of a named statement missing from, or already on, the server connection it reached. */
const STATEMENT_MISPLACED = new Set(['26000', '42P05']);

/**
 * Whether a named statement prepared through `pool` can be executed again later from the same
 * client connection. Not so behind a transaction-pooling PgBouncer that does not keep prepared
 * statements (before 1.21, or max_prepared_statements = 0): there each transaction may reach
 * another server connection. The probe prepares a statement on connection A, makes connection B
 * hold a server connection in a transaction (under transaction pooling, most likely the one A
 * just used), and runs the statement on A again.
 */
export async function namedStatementsHold(pool: Pool): Promise<boolean> {
  const name = `named-statements-probe-${randomUUID()}`;
  const probe = { name, text: 'SELECT pg_backend_pid() AS pid' };
  const a = await pool.connect();
  let b: PoolClient | undefined;
  let broken = false;
  try {
    await a.query(probe);
    b = await pool.connect();
    await b.query('BEGIN');
    await b.query('SELECT 1');
    const again = a.query(probe);
    // A pooler with one server connection makes A wait for B's: give it back, then A runs there.
    const timer = setTimeout(() => void b?.query('ROLLBACK').catch(() => undefined), SECOND_CONNECTION_WAIT_MS);
    try {
      await again;
      return true;
    } catch (error) {
      if (!STATEMENT_MISPLACED.has((error as { code?: string }).code ?? '')) throw error;
      broken = true;
      return false;
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await b?.query('ROLLBACK').catch(() => undefined);
    b?.release();
    // A connection whose statement cache no longer matches its server is not reused.
    a.release(broken);
  }
}

/**
 * With DB_NAMED_STATEMENTS=true (the default), stops start-up when the database is reached
 * through a pooler that cannot keep named statements, instead of answering 500 at request
 * time, and says what to set.
 */
export async function checkNamedStatements(pool: Pool, enabled: boolean): Promise<void> {
  if (!enabled || (await namedStatementsHold(pool))) return;
  throw new StartupError(
    'DATABASE_URL reaches a transaction-pooling PgBouncer that does not keep prepared statements: ' +
      'set DB_NAMED_STATEMENTS=false (or use PgBouncer 1.21+ with max_prepared_statements above 0)',
  );
}

@Injectable()
export class NamedStatementsCheck implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService<{ DB_NAMED_STATEMENTS: boolean }, true>,
  ) {}

  onModuleInit(): Promise<void> {
    return checkNamedStatements(
      (this.dataSource.driver as PostgresDriver).master as Pool,
      this.config.get('DB_NAMED_STATEMENTS', { infer: true }),
    );
  }
}
