import { Module } from '@nestjs/common';
import { AuditActivity } from './audit-activity';
import { LogsController } from './logs.controller';
import { LogsPurger } from './logs-purger';
import { LogsRepository } from './logs.repository';
import { LogsService } from './logs.service';

/**
 * Logs: the read side of the audit trail that core's AuditTrail writes (spec 4.7, CONTRACT 7),
 * and its clear and optimize; the console reads which companies act (AuditActivity). See docs/logs.md.
 */
@Module({
  controllers: [LogsController],
  providers: [LogsService, LogsRepository, LogsPurger, AuditActivity],
  exports: [AuditActivity],
})
export class LogsModule {}
