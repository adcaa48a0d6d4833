import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** Values every validator of their format accepts; Swagger UI pre-fills request bodies with them. */
const BY_FORMAT: Record<string, string> = {
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  'date-time': '2026-01-31T09:00:00Z',
  date: '2026-01-31',
  email: 'user@example.com',
  uri: 'https://example.com',
};

/**
 * An example value that the schema alone determines (its enum, default, format, bounds), or
 * undefined for a free-text string: that one needs an example written on the DTO property.
 */
export function exampleOf(schema: SchemaObject | ReferenceObject): unknown {
  if ('$ref' in schema) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined && schema.type !== 'array') return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.format && BY_FORMAT[schema.format]) return BY_FORMAT[schema.format];
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? Infinity);
    case 'array': {
      const item = schema.items && exampleOf(schema.items);
      return item === undefined ? undefined : [item];
    }
    default:
      return undefined;
  }
}
