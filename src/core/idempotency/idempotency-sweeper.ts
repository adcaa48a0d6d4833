import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import { Sweeper } from '../outbox/sweeper';
import { IdempotencyRepository } from './idempotency.repository';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const BATCH_SIZE = 5_000;

/** Forgets keys older than their 24 hours (CONTRACT 18), hourly, in short batches. */
@Injectable()
export class IdempotencySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeper: Sweeper;

  constructor(keys: IdempotencyRepository, cls: ClsService) {
    this.sweeper = new Sweeper('IdempotencySweeper', cls, SWEEP_EVERY_MS, BATCH_SIZE, (limit) =>
      keys.forgetExpired(limit),
    );
  }

  onApplicationBootstrap(): void {
    this.sweeper.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweeper.stop();
  }
}
