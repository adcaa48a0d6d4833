import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Idempotency } from './idempotency';

/**
 * After the credential (keys are the caller's), before anything that may refuse: claims the
 * `Idempotency-Key` or finds the answer to replay, so that every later answer is stored.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  constructor(private readonly idempotency: Idempotency) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() === 'http') await this.idempotency.begin(context);
    return true;
  }
}
