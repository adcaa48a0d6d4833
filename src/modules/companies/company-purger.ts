import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { ClsService } from 'nestjs-cls';
import { AuditRepository } from '../../core/audit/audit.repository';
import { StorageService } from '../../core/storage/storage.service';
import { CompaniesRepository } from './companies.repository';

const SWEEP_INTERVAL_MS = 60_000;
/** A deletion this old that is still pending has failed half-way: the sweeper finishes it. */
const STALE_AFTER_SECONDS = 30;

/**
 * Finishes company deletions. DELETE /companies/{id} only marks the company (it is gone for
 * every caller at once); the purge then removes its bucket, in one statement its rows, and its
 * audit records.
 * A purge that fails half-way leaves the mark, and the sweeper retries until it completes.
 */
@Injectable()
export class CompanyPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CompanyPurger');
  private timer?: NodeJS.Timeout;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly companies: CompaniesRepository,
    private readonly storage: StorageService,
    private readonly audit: AuditRepository,
    private readonly cls: ClsService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await Promise.allSettled(this.running);
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
      this.companies.markedForDeletion(STALE_AFTER_SECONDS),
    );
    for (const companyId of pending) this.purgeSoon(companyId);
  }

  @Transactional()
  private async purge(companyId: string): Promise<void> {
    if (!(await this.companies.lockMarked(companyId))) return;
    await this.storage.removeBucket(companyId);
    await this.companies.deleteMarked(companyId);
    await this.audit.forgetCompany(companyId);
    this.logger.log({ company_id: companyId }, 'Company purged');
  }
}
