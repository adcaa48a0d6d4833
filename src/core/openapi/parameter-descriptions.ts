import type { OpenAPIObject, ParameterObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { API_PREFIX } from '../../version';

const ROOT = `/${API_PREFIX}`;

/**
 * Where the items of a collection are listed or created, when not at the collection's own path:
 * a caller's companies are listed at /companies/my; a member's account id is one of the
 * company's accounts; a finance category's slug is listed with the categories.
 */
const SOURCES_ELSEWHERE: Record<string, string[]> = {
  [`${ROOT}/companies`]: [`GET ${ROOT}/companies/my`, `POST ${ROOT}/companies`],
  [`${ROOT}/companies/{id}/modules/accounts`]: [`GET ${ROOT}/companies/{id}/accounts`],
  [`${ROOT}/companies/{id}/modules/fm/transactions/categories/slug`]: [
    `GET ${ROOT}/companies/{id}/modules/fm/transactions/categories`,
  ],
};

/** Path parameters that take their item's `name`, not its id: the Kroncl console's `{bucketId}` is a bucket's name. */
const NAME_PARAMETERS = new Set(['bucketId']);

/** `clientId` → `client`, `counterpartyId` → `counterparty`, `id` of /companies → `company`. */
function nounOf(name: string, collection: string): string {
  if (name === 'id') return collection.endsWith('/companies') ? 'company' : 'item';
  return name.replace(/Id$/, '').replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
}

/**
 * "A client's `id`, from `GET …/crm/clients` or `POST …/crm/clients`": the operations at the
 * path before the parameter (its collection) that list or create what it names, and the field
 * of their items it is (`code`, `slug`, else `id`). Undefined when the document has neither.
 */
export function sourceOfPathParameter(document: OpenAPIObject, path: string, name: string): string | undefined {
  const collection = path.slice(0, path.indexOf(`/{${name}}`));
  const sources =
    SOURCES_ELSEWHERE[collection] ??
    (['get', 'post'] as const)
      .filter((method) => document.paths[collection]?.[method])
      .map((method) => `${method.toUpperCase()} ${collection}`);
  if (!sources.length) return undefined;
  const field = name === 'code' || name === 'slug' ? name : NAME_PARAMETERS.has(name) ? 'name' : 'id';
  const noun = nounOf(name, collection);
  return `The ${noun}'s \`${field}\`, from ${sources.map((source) => `\`${source}\``).join(' or ')}.`;
}

/**
 * Describes every path parameter with where its value comes from (sourceOfPathParameter).
 * Throws for one it cannot derive that has no description either: a route author then names
 * the source with @ApiParam({ description }) (docs/openapi.md).
 */
export function describePathParameters(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const op of Object.values(item) as Array<{ parameters?: ParameterObject[] }>) {
      for (const parameter of op.parameters ?? []) {
        if (parameter.in !== 'path') continue;
        parameter.description = sourceOfPathParameter(document, path, parameter.name) ?? parameter.description;
        if (!parameter.description) {
          throw new Error(
            `OpenAPI path parameter {${parameter.name}} of ${path} names no source: no GET or POST at ` +
              'the path before it; describe it with @ApiParam (see docs/openapi.md)',
          );
        }
      }
    }
  }
}
