import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_VERSION } from '../../version';
import { refuseDuplicateModelNames } from './model-names';
import { finishOpenApiDocument } from './openapi-finish';
import { operationIdOf } from './operation-ids';

export const BEARER_SCHEME = 'bearer';
export const API_KEY_SCHEME = 'api-key';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Business Platform API')
    .setDescription(
      'Multi-tenant business-management platform: accounts and API keys, companies, members and plans, ' +
        'and the company modules. Every JSON answer is wrapped in the envelope `{status, message, data, meta}`; ' +
        'errors add `error: {code, details}`. Each operation names its access rule and its error codes; ' +
        'company-scoped operations also name their permission in `x-permission`.',
    )
    .setVersion(API_VERSION)
    .addServer('/', 'This service')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description: 'Access token from /account/auth (or /account/reg, /account/refresh), or an API key',
      },
      BEARER_SCHEME,
    )
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API key' }, API_KEY_SCHEME)
    .addSecurityRequirements(BEARER_SCHEME)
    .addSecurityRequirements(API_KEY_SCHEME)
    .build();
  refuseDuplicateModelNames(app);
  const handlers = new Map<string, string>();
  const operationIdFactory = (controllerKey: string, methodKey: string) => {
    const id = operationIdOf(controllerKey, methodKey);
    handlers.set(id, `${controllerKey}.${methodKey}`);
    return id;
  };
  return finishOpenApiDocument(SwaggerModule.createDocument(app, config, { operationIdFactory }), handlers);
}

/** Swagger UI at /api/docs, the document at /api/docs-json. */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    useGlobalPrefix: false,
    // showExtensions: x-permission beside each operation.
    swaggerOptions: { persistAuthorization: true, showExtensions: true, displayOperationId: true },
  });
}
