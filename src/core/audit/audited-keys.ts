import { Injectable, OnModuleInit, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { COMPANY_ROUTE, REQUIRED_PERMISSION } from '../access/company-route.decorators';
import type { PermissionCode } from '../access/permission-codes';

const READ_METHODS = new Set([RequestMethod.GET, RequestMethod.HEAD, RequestMethod.OPTIONS]);

/**
 * The audit keys a company's changes are recorded under: the permissions of its changing routes,
 * read from the routes themselves. Webhooks subscribe to these (CONTRACT 19).
 */
@Injectable()
export class AuditedKeys implements OnModuleInit {
  private keys = new Set<string>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    const keys = new Set<string>();
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as (...args: unknown[]) => unknown;
        const method = this.reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
        const permission = this.reflector.get<PermissionCode | undefined>(REQUIRED_PERMISSION, handler);
        const companyRoute = this.reflector.getAllAndOverride<boolean>(COMPANY_ROUTE, [handler, metatype]);
        if (method !== undefined && !READ_METHODS.has(method) && permission && companyRoute) keys.add(permission);
      }
    }
    this.keys = keys;
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  all(): string[] {
    return [...this.keys].sort();
  }
}
