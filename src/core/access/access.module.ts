import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AuditedKeys } from '../audit/audited-keys';
import { AuditRepository } from '../audit/audit.repository';
import { AuditTrail } from '../audit/audit-trail';
import { AccessRepository } from './access.repository';
import { PermissionCatalog } from './permission-catalog';
import { PermissionCatalogRepository } from './permission-catalog.repository';

/** The permission engine and the audit trail, shared by every company module. */
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
  ],
  exports: [AccessRepository, PermissionCatalog, AuditTrail, AuditRepository, AuditedKeys],
})
export class AccessModule {}
