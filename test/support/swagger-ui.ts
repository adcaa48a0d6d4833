/**
 * What Swagger UI pre-fills and sends on a first "Try it out" → Execute, computed by Swagger UI's
 * own code: the bundle @nestjs/swagger serves at /api/docs (swagger-ui-dist), loaded in Node.
 * - the operation is resolved by swagger-client's resolveSubtree (what the page does when an
 *   operation is expanded: $refs inlined, allOf merged);
 * - the body is the JSON Schema 5 sampler's getSampleSchema (the RequestBody component's call);
 * - each parameter's initial value follows ParameterRow.setDefaultValue (a React component, so
 *   reproduced here as swagger-ui-dist 5.32 has it for OpenAPI 3.0, without the `examples` map
 *   no operation here uses): the parameter's example, else its schema's example, else its
 *   schema's default, else its own default; a parameter without one stays empty (not sent);
 * - the request is swagger-client's buildRequest with the Authorize dialog's bearer token.
 */
// The bundle has no typings; its plugins are plain functions of a system.
const SwaggerUIBundle = require('swagger-ui-dist/swagger-ui-bundle.js');

type Schema = Record<string, any>;

const client = SwaggerUIBundle.plugins.SwaggerClient({ configs: {}, getConfigs: () => ({}) }).fn;
const samplesSystem: { fn?: Schema } = {};
const samples = SwaggerUIBundle.plugins.JSONSchema5Samples({ getSystem: () => samplesSystem });
samplesSystem.fn = samples.fn;

export const JSON_TYPE = 'application/json';

const resolved = new WeakMap<Schema, Map<string, Promise<Schema>>>();

/**
 * An operation as Swagger UI shows it once expanded. Resolving walks the whole document, so each
 * operation of a document is resolved once; callers get their own copy.
 */
export async function resolvedOperation(doc: Schema, path: string, method: string): Promise<Schema> {
  let operations = resolved.get(doc);
  if (!operations) resolved.set(doc, (operations = new Map()));
  const key = `${method} ${path}`;
  if (!operations.has(key)) {
    operations.set(
      key,
      client.resolveSubtree(doc, ['paths', path, method]).then(({ spec, errors }: Schema) => {
        if (errors?.length) throw new Error(`${method} ${path}: ${JSON.stringify(errors)}`);
        return spec;
      }),
    );
  }
  return structuredClone(await operations.get(key)!);
}

/** The text of the body editor after "Try it out", or undefined without a JSON body. */
export function prefilledBody(op: Schema): string | undefined {
  const media = op.requestBody?.content?.[JSON_TYPE];
  if (!media) return undefined;
  return samples.fn.getSampleSchema(media.schema ?? {}, JSON_TYPE, { includeWriteOnly: true }, media.example);
}

/** The initial value of a parameter's field after "Try it out" (undefined: the field is empty). */
export function prefilledParameter(parameter: Schema): string | string[] | undefined {
  const schema = parameter.schema ?? {};
  const value = [parameter.example, schema.example, schema.default, parameter.default].find((v) => v !== undefined);
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface BuiltRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request Execute sends: swagger-client's buildRequest with the values of the fields. */
export function buildRequest(
  doc: Schema,
  operationId: string,
  parameters: Record<string, unknown>,
  body: string | undefined,
  token: string,
): BuiltRequest {
  return client.buildRequest({
    spec: doc,
    operationId,
    parameters,
    requestBody: body,
    requestContentType: body === undefined ? undefined : JSON_TYPE,
    securities: { authorized: { bearer: { value: token } } },
  });
}
