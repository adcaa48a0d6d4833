import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { ClsService } from 'nestjs-cls';
import { AuditRepository } from '../../../core/audit/audit.repository';
import { StorageService } from '../../../core/storage/storage.service';
import { CompanyDeletionRepository } from './company-deletion.repository';

const SWEEP_INTERVAL_MS = 60_000;
/** After a failed sweep (e.g. the database is down) the next one comes after 1 s, then 2 s, 4 s… */
const FIRST_RETRY_MS = 1_000;

/** When the next sweep runs, after `failures` failed sweeps in a row. */
export function nextSweepDelay(failures: number): number {
  return failures === 0 ? SWEEP_INTERVAL_MS : Math.min(SWEEP_INTERVAL_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
}
/** A deletion this old that is still pending has failed half-way: the sweeper finishes it. */
const STALE_AFTER_SECONDS = 30;

/**
 * Finishes company deletions. DELETE /companies/{id} only marks the company (it is gone for
 * every caller at once); the purge then removes its bucket, then in one transaction its rows
 * (one cascading statement) and its audit records.
 * A purge that fails half-way leaves the mark, and the sweeper retries until it completes.
 */
@Injectable()
export class CompanyPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CompanyPurger');
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private failures = 0;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly deletion: CompanyDeletionRepository,
    private readonly storage: StorageService,
    private readonly audit: AuditRepository,
    private readonly cls: ClsService,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduleSweep();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled(this.running);
  }

  /**
   * One sweep, then the next one scheduled. A background task must never take the process down:
   * a failure is logged and retried with backoff, never left as an unhandled rejection.
   */
  async sweepAndReschedule(): Promise<void> {
    try {
      await this.sweep();
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      this.logger.error(
        { err: error },
        `Sweep of pending company deletions failed; retrying in ${nextSweepDelay(this.failures)} ms`,
      );
    }
    this.scheduleSweep();
  }

  private scheduleSweep(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.sweepAndReschedule(), nextSweepDelay(this.failures));
    this.timer.unref();
  }

  /** Starts the purge outside the request; it waits for the marking transaction to commit. */
  purgeSoon(companyId: string): void {
    // A fresh context: the request's (and its transaction's) must not leak into the purge.
    const run = this.cls
      .run({ ifNested: 'override' }, () => this.purge(companyId))
      .catch((error: unknown) =>
        this.logger.error({ err: error, company_id: companyId }, 'Company purge failed; will retry'),
      )
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async sweep(): Promise<void> {
    const pending = await this.cls.run({ ifNested: 'override' }, () =>
      this.deletion.markedForDeletion(STALE_AFTER_SECONDS),
    );
    for (const companyId of pending) this.purgeSoon(companyId);
  }

  /**
   * Removes the bucket with no transaction open (a hanging store must never hold a database
   * connection or the company's row lock), then the rows and audit records in one transaction.
   * The autocommit `lockMarked` first waits for the marking transaction to commit.
   */
  private async purge(companyId: string): Promise<void> {
    if (!(await this.deletion.lockMarked(companyId))) return;
    await this.storage.removeBucket(companyId);
    await this.deleteRows(companyId);
  }

  @Transactional()
  private async deleteRows(companyId: string): Promise<void> {
    if (!(await this.deletion.lockMarked(companyId))) return;
    await this.deletion.deleteMarked(companyId);
    await this.audit.forgetCompany(companyId);
    this.logger.log({ company_id: companyId }, 'Company purged');
  }
}
