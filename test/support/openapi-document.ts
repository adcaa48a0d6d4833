import type { Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { operationIdOf } from '../../src/core/openapi/operation-ids';
import type { TestApp } from './test-app';

/** Walking the served OpenAPI document alongside the handlers' request DTOs. */
export type Schema = Record<string, any>;

/**
 * The body Swagger UI pre-fills from a schema: each property's example, nested schemas built
 * alike. Properties with no example are listed in `missing` as `Schema.property`.
 */
export function exampleBody(doc: Schema, schema: Schema, missing: string[], name = '(inline)'): unknown {
  if (schema.$ref) {
    const ref = schema.$ref.split('/').pop();
    return exampleBody(doc, doc.components.schemas[ref], missing, ref);
  }
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part: Schema) => exampleBody(doc, part, missing, name)));
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.type === 'array' && schema.items) return [exampleBody(doc, schema.items, missing, name)];
  if (!schema.properties) return undefined;
  return Object.fromEntries(
    Object.entries(schema.properties as Record<string, Schema>).map(([property, propertySchema]) => {
      const value = exampleBody(doc, propertySchema, missing, name);
      if (value === undefined) missing.push(`${name}.${property}`);
      return [property, value];
    }),
  );
}

/** Every operation of the document with where it is. */
export function operationsOf(doc: Schema): Array<{ where: string; op: Schema }> {
  return Object.entries(doc.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** The @Body() and @Query() DTO classes of every handler, as the global pipe sees them, by operation id. */
export function requestDtos(t: TestApp): Array<{ operationId: string; kind: 'body' | 'query'; metatype: Type }> {
  const found: Array<{ operationId: string; kind: 'body' | 'query'; metatype: Type }> = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype) continue;
      for (const method of Object.getOwnPropertyNames(metatype.prototype)) {
        const args: Record<string, { index: number }> =
          Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, method) ?? {};
        const types: Type[] = Reflect.getMetadata('design:paramtypes', metatype.prototype, method) ?? [];
        const operationId = operationIdOf(metatype.name, method);
        for (const [key, { index }] of Object.entries(args)) {
          const kind = ({ [RouteParamtypes.BODY]: 'body', [RouteParamtypes.QUERY]: 'query' } as const)[
            Number(key.split(':')[0])
          ];
          if (kind && types[index]?.prototype) found.push({ operationId, kind, metatype: types[index] });
        }
      }
    }
  }
  return found;
}
