import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import { raw, Sql, sql } from '../../database/sql';

/**
 * What an outbox table has for its workers: `status` ('pending' while attempts remain),
 * `attempts` and `next_attempt_at` (due when in the past). The webhook deliveries (CONTRACT 19)
 * and the mail outbox (CONTRACT 23) are two such tables.
 */
export interface OutboxTable {
  /** The table, and the alias its rows go by in `where`, `from` and `returning`. */
  table: string;
  alias: string;
  /** Narrows the due rows: a join and condition on the alias (e.g. only active webhooks'). */
  dueJoin?: string;
  /** Tables the claimed rows are answered with, and how they join (`from` after `FROM due, …`). */
  from?: string;
  where?: string;
  returning: string;
}

/**
 * Claims up to `limit` due rows (locked with SKIP LOCKED, so instances never take the same one),
 * counting the attempt and pushing the next one past the lease: a worker that dies mid-attempt
 * leaves the row due again once the lease is over.
 */
export function claimDue(outbox: OutboxTable, limit: number, leaseSeconds: number): Sql {
  const o = outbox.alias;
  return sql`
    WITH due AS (
      SELECT ${raw(o)}.id FROM ${raw(outbox.table)} ${raw(o)} ${raw(outbox.dueJoin ?? '')}
      WHERE ${raw(o)}.status = 'pending' AND ${raw(o)}.next_attempt_at <= now()
      ORDER BY ${raw(o)}.next_attempt_at LIMIT ${limit}
      FOR UPDATE OF ${raw(o)} SKIP LOCKED
    )
    UPDATE ${raw(outbox.table)} ${raw(o)}
    SET attempts = ${raw(o)}.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    FROM due${raw(outbox.from ? `, ${outbox.from}` : '')}
    WHERE ${raw(o)}.id = due.id${raw(outbox.where ? ` AND ${outbox.where}` : '')}
    RETURNING ${raw(outbox.returning)}`;
}

/** Seconds until the next attempt after the `attempts`-th failed, or null when none remains. */
export function retryIn(schedule: readonly number[], attempts: number): number | null {
  return attempts >= 1 && attempts <= schedule.length ? schedule[attempts - 1] : null;
}

export interface OutboxWorkerSettings {
  /** How often the worker looks for due rows, ms. */
  pollMs: number;
  /** Rows claimed at a time. */
  batchSize: number;
  /** How long a claimed row stays out of other workers' reach, s. */
  leaseSeconds: number;
}

/**
 * The worker of every instance that drains an outbox: every `pollMs` it claims due rows, batch
 * after batch until one comes back short, and handles them concurrently. Requests never wait for
 * it, and shutting down waits for the round in progress.
 */
export abstract class OutboxWorker<Claimed> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  protected stopped = false;

  constructor(
    protected readonly cls: ClsService,
    private readonly worker: OutboxWorkerSettings,
  ) {}

  /** Claims up to `limit` due rows for `leaseSeconds`. */
  protected abstract claim(limit: number, leaseSeconds: number): Promise<Claimed[]>;

  /** One attempt at one claimed row, its outcome recorded; never throws for the row's own failure. */
  protected abstract handle(claimed: Claimed): Promise<void>;

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.cls
        .run({ ifNested: 'override' }, () => this.drain())
        .catch((error: unknown) => this.logger.error({ err: error }, 'Outbox round failed'))
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.worker.pollMs);
    this.timer.unref();
  }

  /** Handles what is due, batch after batch, until a batch comes back short. */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      const claimed = await this.claim(this.worker.batchSize, this.worker.leaseSeconds);
      await Promise.all(claimed.map((row) => this.handle(row)));
      if (claimed.length < this.worker.batchSize) return;
    }
  }
}
