import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import { LogsRepository } from './logs.repository';

/** Records deleted per statement: each batch is a short transaction of its own. */
const BATCH_SIZE = 2_000;
/** A pause between batches, so the purge leaves the disk and CPU to the requests. */
const PAUSE_MS = 5;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Deletes the records a clear or an optimize hid (docs/logs.md). Readers stopped seeing them when
 * the request's transaction committed; this removes them in small batches outside any request,
 * then vacuums the table so their space is reused. A purge cut short by a restart is finished at
 * the next start.
 */
@Injectable()
export class LogsPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LogsPurger');
  private readonly running = new Map<string, Promise<void>>();
  /** Companies whose purge must run again once the current one ends (a second clear meanwhile). */
  private readonly again = new Set<string>();
  private vacuuming?: Promise<void>;
  private vacuumAgain = false;
  private stopped = false;

  constructor(
    private readonly logs: LogsRepository,
    private readonly cls: ClsService,
  ) {}

  onApplicationBootstrap(): void {
    void this.outsideRequest(() => this.logs.withHiddenRecords())
      .then((companies) => companies.forEach((companyId) => this.purgeSoon(companyId)))
      .catch((error: unknown) => this.logger.error({ err: error }, 'Could not look for unfinished log purges'));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.running.values(), this.vacuuming]);
  }

  /** Starts the company's purge; it first waits for the transaction that moved the horizon to commit. */
  purgeSoon(companyId: string): void {
    if (this.running.has(companyId)) {
      this.again.add(companyId);
      return;
    }
    const run = this.outsideRequest(() => this.purge(companyId))
      .catch((error: unknown) =>
        this.logger.error({ err: error, company_id: companyId }, 'Log purge failed; it resumes at the next start'),
      )
      .finally(() => {
        this.running.delete(companyId);
        if (this.again.delete(companyId) && !this.stopped) this.purgeSoon(companyId);
      });
    this.running.set(companyId, run);
  }

  /** Whether no purge or vacuum is under way (the e2e tests wait for it). */
  get idle(): boolean {
    return this.running.size === 0 && !this.vacuuming;
  }

  /** A fresh context: the request's (and its transaction's) must not leak into background work. */
  private outsideRequest<T>(work: () => Promise<T>): Promise<T> {
    return this.cls.run({ ifNested: 'override' }, work);
  }

  private async purge(companyId: string): Promise<void> {
    await this.logs.awaitHorizon(companyId);
    let deleted = 0;
    for (let batch = BATCH_SIZE; batch === BATCH_SIZE && !this.stopped;) {
      batch = await this.logs.deleteHidden(companyId, BATCH_SIZE);
      deleted += batch;
      await sleep(PAUSE_MS);
    }
    if (deleted === 0) return;
    await this.logs.forgetHiddenDays(companyId);
    this.logger.log({ company_id: companyId, deleted }, 'Hidden log records purged');
    this.vacuumSoon();
  }

  /** One VACUUM at a time per process; purges ending meanwhile share the next one. */
  private vacuumSoon(): void {
    if (this.vacuuming) {
      this.vacuumAgain = true;
      return;
    }
    this.vacuuming = this.outsideRequest(() => this.logs.vacuum())
      .catch((error: unknown) => this.logger.error({ err: error }, 'VACUUM of audit_logs failed'))
      .finally(() => {
        this.vacuuming = undefined;
        if (this.vacuumAgain && !this.stopped) {
          this.vacuumAgain = false;
          this.vacuumSoon();
        }
      });
  }
}
