import type { INestApplication, Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';

/** @nestjs/swagger's metadata key of @ApiExtraModels (its constants are not exported). */
const EXTRA_MODELS = 'swagger/apiExtraModels';

/** The DTO classes the document names: handlers' parameters and the models of their answers. */
function modelsOf(app: INestApplication): Set<Type> {
  const models = new Set<Type>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype) continue;
      for (const method of Object.getOwnPropertyNames(metatype.prototype)) {
        const handler = metatype.prototype[method];
        if (method === 'constructor' || typeof handler !== 'function') continue;
        const parameters: unknown[] = Reflect.getMetadata('design:paramtypes', metatype.prototype, method) ?? [];
        for (const model of [...(Reflect.getMetadata(EXTRA_MODELS, handler) ?? []), ...parameters]) {
          if (typeof model === 'function' && model.name.endsWith('Dto')) models.add(model as Type);
        }
      }
    }
  }
  return models;
}

/**
 * Throws when two DTO classes share a name: the document keys schemas by class name, so one
 * would silently stand for both (e.g. two modules' `CreateCategoryDto`).
 */
export function refuseDuplicateModelNames(app: INestApplication): void {
  const byName = new Map<string, Type>();
  for (const model of modelsOf(app)) {
    const other = byName.get(model.name);
    if (other && other !== model) {
      throw new Error(
        `Two DTO classes are named ${model.name}; OpenAPI would show one schema for both: rename one (see docs/openapi.md)`,
      );
    }
    byName.set(model.name, model);
  }
}
