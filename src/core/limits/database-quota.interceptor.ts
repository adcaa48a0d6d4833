import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { concatMap, Observable } from 'rxjs';
import type { CompanyRequest } from '../access/company-access';
import { REQUIRED_PERMISSION } from '../access/company-route.decorators';
import { AppException } from '../http/app.exception';
import { DatabaseQuota } from './database-quota';

/**
 * `limit_db_mb` on the create routes of the modules (those guarded by a `*.create` code): a
 * company over its database limit gets 409 limit_exceeded. The check runs after the handler,
 * inside the audited transaction (chained after the AuditInterceptor), so the order of
 * CONTRACT 2 holds (400 before 409) and the refused rows roll back with the refusal recorded.
 */
@Injectable()
export class DatabaseQuotaInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly quota: DatabaseQuota,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const permission = this.reflector.get<string | undefined>(REQUIRED_PERMISSION, context.getHandler());
    const companyId = context.switchToHttp().getRequest<CompanyRequest>().companyAccess?.companyId;
    if (!permission?.endsWith('.create') || !companyId) return next.handle();
    return next.handle().pipe(
      concatMap(async (result) => {
        if (await this.quota.exceeded(companyId)) {
          throw new AppException('limit_exceeded', "The company is over its plan's database limit (limit_db_mb)");
        }
        return result;
      }),
    );
  }
}
