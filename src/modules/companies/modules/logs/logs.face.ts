/**
 * What other modules may use of logs (docs/architecture.md, "Module faces").
 */
export { LogsModule } from './logs.module';
export { AuditActivity } from './audit-activity';
