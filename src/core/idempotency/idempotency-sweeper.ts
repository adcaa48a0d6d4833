import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import { IdempotencyRepository } from './idempotency.repository';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const BATCH_SIZE = 5_000;

/** Forgets keys older than their 24 hours (CONTRACT 18), hourly, in short batches. */
@Injectable()
export class IdempotencySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencySweeper');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly cls: ClsService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    try {
      await this.cls.run({ ifNested: 'override' }, async () => {
        while ((await this.keys.forgetExpired(BATCH_SIZE)) === BATCH_SIZE);
      });
    } catch (error) {
      this.logger.error({ err: error }, 'Could not forget expired idempotency keys');
    }
  }
}
