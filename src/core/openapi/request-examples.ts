import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import type {
  OpenAPIObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { exampleOf } from './examples';

/**
 * What Swagger UI pre-fills on "Try it out" (docs/openapi.md). It fills every query parameter
 * from its `example` (then its schema's `example`, then `default`) and builds a body from every
 * property's example, optional ones included; so an example on an optional filter narrows a list
 * to nothing, and a made-up id in an optional reference answers 400 or 404 until edited.
 */

/**
 * A required query parameter gets the example its schema determines (Execute needs a value);
 * an optional one gets none, and a hand-written text example moves into its description, so
 * the first Execute of a list lists everything.
 */
export function settleQueryExample(parameter: ParameterObject): void {
  if (parameter.in !== 'query' || !parameter.schema || '$ref' in parameter.schema) return;
  const schema = parameter.schema;
  if (parameter.required) {
    parameter.example ??= exampleOf(schema);
    return;
  }
  const written = parameter.example ?? schema.example;
  delete parameter.example;
  delete schema.example;
  if (typeof written === 'string' && !parameter.description?.includes(written)) {
    parameter.description = [parameter.description, `For example \`${written}\`.`].filter(Boolean).join(' ');
  }
}

const isReference = (schema: SchemaObject): boolean =>
  schema.format === 'uuid' ||
  (schema.type === 'array' && !!schema.items && !('$ref' in schema.items) && schema.items.format === 'uuid');

const NO_EXAMPLE = 'x-no-example';

/**
 * An optional request property no pre-filled body carries, e.g. a flag valid only beside a
 * reference that is left out (see settleOptionalExamples).
 */
export const LeftOutOfExamples = () => ApiProperty({ required: false, [NO_EXAMPLE]: true } as ApiPropertyOptions);

/** Whether Swagger UI's sampler builds this property from examples rather than a type placeholder. */
const hasSample = (schema: SchemaObject): boolean =>
  schema.example !== undefined ||
  !!(schema.allOf ?? schema.oneOf ?? schema.anyOf ?? schema.properties) ||
  (schema.type === 'array' && !!schema.items);

/**
 * An optional reference (a uuid property not required) has no made-up id in the pre-filled body:
 * `null` when the property takes null (it then means "none"), else it is left out of the body.
 * An optional property with no example (none written, none its schema determines) is left out
 * too, where Swagger UI would send `"string"`. Left out means: an example of the whole schema
 * without it (Swagger UI uses a schema's own example as is).
 */
export function settleOptionalExamples(document: OpenAPIObject, schemas: SchemaObject[]): void {
  const omittedBy = new Map<SchemaObject, string[]>();
  for (const schema of schemas) {
    const omitted: string[] = [];
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if ('$ref' in property || schema.required?.includes(name)) continue;
      const marked = property as Record<string, unknown>;
      if (marked[NO_EXAMPLE]) {
        delete marked[NO_EXAMPLE];
        omitted.push(name);
      } else if (isReference(property) && property.nullable) property.example = null;
      else if (isReference(property) || !hasSample(property)) omitted.push(name);
    }
    if (omitted.length) omittedBy.set(schema, omitted);
  }
  /** The body Swagger UI's sampler builds: a schema's example, else each property's, nested alike. */
  const sampleOf = (schema: SchemaObject | ReferenceObject): unknown => {
    if ('$ref' in schema) return sampleOf(document.components!.schemas![schema.$ref.split('/').pop()!]);
    const omitted = omittedBy.get(schema);
    if (omitted) {
      omittedBy.delete(schema);
      const sample = sampleOf(schema) as Record<string, unknown>;
      for (const name of omitted) {
        delete sample[name];
        if (isReference(schema.properties![name] as SchemaObject))
          delete (schema.properties![name] as SchemaObject).example;
      }
      schema.example = sample;
    }
    if (schema.example !== undefined) return schema.example;
    if (schema.allOf) return Object.assign({}, ...schema.allOf.map(sampleOf));
    if (schema.type === 'array' && schema.items) return [sampleOf(schema.items)];
    if (!schema.properties) return undefined;
    return Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, sampleOf(property)]));
  };
  for (const schema of [...omittedBy.keys()]) sampleOf(schema);
}
