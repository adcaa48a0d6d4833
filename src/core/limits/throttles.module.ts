import { Global, Module } from '@nestjs/common';
import { ThrottleSweeper, Throttles } from './throttles';

/** The throttles of CONTRACT 20 (src/core/limits/throttle-limits.ts), for any module to count against. */
@Global()
@Module({
  providers: [Throttles, ThrottleSweeper],
  exports: [Throttles],
})
export class ThrottlesModule {}
