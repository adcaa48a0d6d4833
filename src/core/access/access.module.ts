import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AuditedKeys } from '../audit/audited-keys';
import { AuditRepository } from '../audit/audit.repository';
import { AuditTrail } from '../audit/audit-trail';
import { SecurityEvents } from '../security/security-events';
import { AccessRepository } from './access.repository';
import { PermissionCatalog } from './permission-catalog';
import { PermissionCatalogRepository } from './permission-catalog.repository';

/** The permission engine, the audit trail and the security events, shared by every module. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    AccessRepository,
    PermissionCatalog,
    PermissionCatalogRepository,
    AuditRepository,
    AuditTrail,
    AuditedKeys,
    SecurityEvents,
  ],
  exports: [AccessRepository, PermissionCatalog, AuditTrail, AuditRepository, AuditedKeys, SecurityEvents],
})
export class AccessModule {}
