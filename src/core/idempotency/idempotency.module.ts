import { Global, Module } from '@nestjs/common';
import { Idempotency } from './idempotency';
import { IdempotencyRepository } from './idempotency.repository';
import { IdempotencySweeper } from './idempotency-sweeper';

/** `Idempotency-Key` on every POST and PATCH (CONTRACT 18); its guard and interceptor are global. */
@Global()
@Module({
  providers: [Idempotency, IdempotencyRepository, IdempotencySweeper],
  exports: [Idempotency],
})
export class IdempotencyModule {}
