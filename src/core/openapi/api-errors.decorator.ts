import { ApiExtension } from '@nestjs/swagger';
import type { ErrorCode } from '../http/app.exception';

/** Read and removed by finishOpenApiDocument, which documents these beside the derived ones. */
export const ERRORS_EXTENSION = 'x-errors';

/**
 * The error codes a route answers with beyond those every route of its kind has (those are
 * derived, see docs/openapi.md), each with why: e.g. `{ conflict: 'the slug is taken' }`.
 */
export const ApiErrors = (errors: Partial<Record<ErrorCode, string>>) => ApiExtension(ERRORS_EXTENSION, errors);
