import { Global, Module } from '@nestjs/common';
import { AdminTrail } from '../audit/admin-trail';
import { AdminTrailInterceptor } from '../audit/admin-trail.interceptor';
import { AuditInterceptor } from '../audit/audit.interceptor';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { DatabaseQuotaInterceptor } from '../limits/database-quota.interceptor';

/**
 * The stages of WriteStagesInterceptor, one instance each for the whole application. Nest makes
 * the interceptor a route names (the verbs of ./verbs) in the route's own module, so what it is
 * made of must be visible from every module: global.
 */
@Global()
@Module({
  providers: [IdempotencyInterceptor, AuditInterceptor, AdminTrail, AdminTrailInterceptor, DatabaseQuotaInterceptor],
  exports: [IdempotencyInterceptor, AuditInterceptor, AdminTrail, AdminTrailInterceptor, DatabaseQuotaInterceptor],
})
export class WriteStagesModule {}
