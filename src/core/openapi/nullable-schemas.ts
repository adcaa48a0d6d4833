import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** The null value alone, as OpenAPI 3.0 can say it: `nullable` adds null to a type, `enum` keeps only it. */
export const NULL_ONLY: SchemaObject = { type: 'object', nullable: true, enum: [null] };

/**
 * A nullable `enum` lists null. And OpenAPI 3.0 lets `nullable` add null only to the `type`
 * beside it: beside an `allOf`, `oneOf` or `anyOf` (what the Swagger plugin emits for
 * `SomeDto | null`) strict validators still apply the composition to null and refuse it. Such a
 * schema becomes `oneOf: [its parts…, NULL_ONLY]` (an `anyOf` stays one), which every 3.0
 * validator reads alike and openapi-typescript types as `SomeDto | null`.
 */
export function expressNulls(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  for (const child of Object.values(node)) expressNulls(child);
  const schema = node as SchemaObject;
  // An `enum` restricts the null `nullable` allows too: it must list null itself (OpenAPI 3.0.3).
  if (schema.nullable && schema.enum && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (!schema.nullable || !(schema.allOf ?? schema.oneOf ?? schema.anyOf)?.length) return;
  delete schema.nullable;
  if (schema.type === 'object') delete schema.type;
  if (schema.anyOf) {
    schema.anyOf = [...schema.anyOf, NULL_ONLY];
    return;
  }
  const whole = schema.allOf ? (schema.allOf.length === 1 ? schema.allOf : [{ allOf: schema.allOf }]) : schema.oneOf!;
  delete schema.allOf;
  schema.oneOf = [...whole, NULL_ONLY];
}
