import type { Type } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { DECORATORS } from '@nestjs/swagger';

/**
 * Serves every route of the controller it extends (inherited ones too) at the subclass's own controller path too,
 * as a deprecated alias (CONTRACT 17: an older path the platform's web client still calls). Each
 * handler becomes a function of its own that calls the original and carries its metadata (route,
 * permission, OpenAPI), so the alias is the same operation, marked `deprecated` in OpenAPI, with
 * its own operation id, and the original stays untouched. Its use: `FmCounterpartiesController`
 * in src/modules/companies/modules/cpm/counterparties.controller.ts.
 */
export function DeprecatedAliasOf(canonical: Type, canonicalPath: string): ClassDecorator {
  return (target) => {
    if (Object.getPrototypeOf(target.prototype) !== canonical.prototype) {
      throw new Error(`${target.name} must extend ${canonical.name} to be its alias`);
    }
    const prototype = canonical.prototype as Record<string, unknown>;
    for (const key of routeHandlerNames(canonical)) {
      const original = prototype[key];
      if (key === 'constructor' || typeof original !== 'function') continue;
      if (Reflect.getMetadata(METHOD_METADATA, original) === undefined) continue;
      const alias = function (this: unknown, ...args: unknown[]) {
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
      for (const metadataKey of Reflect.getMetadataKeys(original)) {
        Reflect.defineMetadata(metadataKey, Reflect.getMetadata(metadataKey, original), alias);
      }
      const operation = Reflect.getMetadata(DECORATORS.API_OPERATION, original) ?? {};
      Reflect.defineMetadata(
        DECORATORS.API_OPERATION,
        {
          ...operation,
          deprecated: true,
          summary: `Deprecated alias of the same operation under ${canonicalPath}: ${operation.summary ?? ''}`,
        },
        alias,
      );
      Object.defineProperty(alias, 'name', { value: key });
      Object.defineProperty(target.prototype, key, { value: alias, writable: true, configurable: true });
    }
  };
}

/** The method names of a controller and of the classes it extends (RecordRoutes' routes), its own first, as Nest reads them. */
function routeHandlerNames(controller: Type): string[] {
  const names = new Set<string>();
  for (
    let prototype = controller.prototype as object | null;
    prototype && prototype !== Object.prototype;
    prototype = Object.getPrototypeOf(prototype) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(prototype)) names.add(name);
  }
  return [...names];
}
