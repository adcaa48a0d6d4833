import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';

/**
 * One lease mechanism for every singleton job (docs/architecture.md, "One lease for singletons"):
 * a row in PostgreSQL, so it holds across any number of instances and survives connection
 * pooling (an advisory lock would not). `hold` takes or renews the lease in one statement; the
 * row's lock decides between instances that try at the same time.
 */
@Injectable()
export class Leases {
  /** This process, as the holder of its leases. */
  readonly instance = randomUUID();

  constructor(private readonly db: Db) {}

  /** True when this instance holds `name` for the next `ttlMs` (renewed, or taken over once expired). */
  async hold(name: string, ttlMs: number): Promise<boolean> {
    const row = await this.db.one(
      sql`INSERT INTO leases (name, holder, expires_at)
          VALUES (${name}, ${this.instance}, clock_timestamp() + make_interval(secs => ${ttlMs / 1000}))
          ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
          WHERE leases.holder = EXCLUDED.holder OR leases.expires_at < clock_timestamp()
          RETURNING holder`,
    );
    return row !== null;
  }

  /** Lets another instance take `name` at once (a clean stop). */
  async release(name: string): Promise<void> {
    await this.db.affected(sql`DELETE FROM leases WHERE name = ${name} AND holder = ${this.instance}`);
  }
}
