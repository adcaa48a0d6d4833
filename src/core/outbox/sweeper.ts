import type { ClsService } from 'nestjs-cls';
import { PollingWorker } from './polling-worker';

/**
 * A clean-up of a table that only grows otherwise (expired idempotency keys, ended throttle
 * windows, old webhook events): every `everyMs`, in every instance, `forgetBatch(batchSize)` runs
 * until a batch forgets fewer rows than asked, so a big backlog goes in short statements that
 * never hold many locks. Its rounds are a PollingWorker's: in a context of their own, one at a
 * time, a failure logged and never thrown.
 */
export class Sweeper {
  private readonly worker: PollingWorker;

  constructor(
    name: string,
    cls: ClsService,
    everyMs: number,
    private readonly batchSize: number,
    private readonly forgetBatch: (limit: number) => Promise<number>,
  ) {
    this.worker = new PollingWorker(name, cls, everyMs, () => this.sweep());
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** One round now (tests, and the worker's own rounds). */
  async sweep(): Promise<void> {
    while ((await this.forgetBatch(this.batchSize)) === this.batchSize);
  }
}
