import { applyDecorators, HttpStatus, Type } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { type AdminAccess, RequirePermission } from '../access/company-route.decorators';
import type { PermissionCode } from '../access/permission-codes';
import { RequirePasswordSession } from '../auth/auth.decorators';
import type { ErrorCode } from '../http/app.exception';
import { ApiEnvelope, ApiPage } from './api-envelope.decorator';
import { ApiErrors } from './api-errors.decorator';

/** What one route declares besides its verb and path; each key drives the decorator named beside it. */
export interface EndpointOptions {
  /** `@RequirePermission`: a company route, guarded (and audited) by this code. */
  permission?: PermissionCode;
  /** With `permission`: platform administrators' access (`@RequirePermission`'s `admins`). */
  admins?: AdminAccess;
  /** `@RequirePasswordSession`: only a session signed in with the password may call it (CONTRACT 20). */
  credential?: 'password';
  /**
   * `@ApiOperation`, where the handler's doc comment cannot say it: the Swagger plugin makes the
   * comment above the handler its summary, which is where a route's summary is written.
   */
  summary?: string;
  description?: string;
  deprecated?: boolean;
  /** `@ApiEnvelope`: the success answer's `data`, a model, `[model]` for an array of it, or `'empty'` (`{}`). */
  answer?: Type | [Type] | 'empty';
  /** `@ApiPage`: a list, rendered under `key` (and `orArrayOf`, the other branch of the answer). */
  page?: [key: string, model: Type];
  orArrayOf?: Type;
  /**
   * The documented success status of `answer` when it is not 200 (a create's 201). A POST that
   * answers 200 keeps its `@HttpCode(HttpStatus.OK)` beside the verb: the Swagger plugin reads it
   * there to document the status.
   */
  status?: HttpStatus;
  /** `@ApiErrors`: the error codes beyond those derived for every route of its kind, each with why. */
  errors?: Partial<Record<ErrorCode, string>>;
}

/**
 * One route's declaration: who may call it, what it answers and how it fails, in one place
 * instead of a stack of five decorators (the verb and path stay `@Get(…)`, `@Post(…)`).
 */
export function Endpoint(options: EndpointOptions): MethodDecorator {
  const { permission, admins, credential, summary, description, deprecated, answer, page, orArrayOf, status, errors } =
    options;
  const decorators: MethodDecorator[] = [];
  if (permission) decorators.push(RequirePermission(permission, admins ? { admins } : {}));
  if (credential) decorators.push(RequirePasswordSession());
  if (summary || description || deprecated) {
    decorators.push(
      ApiOperation({
        ...(summary ? { summary } : {}),
        ...(description ? { description } : {}),
        ...(deprecated ? { deprecated } : {}),
      }),
    );
  }
  if (answer === 'empty') decorators.push(ApiEnvelope(undefined, status ? { status } : {}));
  else if (Array.isArray(answer))
    decorators.push(ApiEnvelope(answer[0], { isArray: true, ...(status ? { status } : {}) }));
  else if (answer) decorators.push(ApiEnvelope(answer, status ? { status } : {}));
  if (page) decorators.push(ApiPage(page[0], page[1], orArrayOf ? { orArrayOf } : {}));
  if (errors) decorators.push(ApiErrors(errors));
  // Applied last to first, as the same decorators written one above the other.
  return applyDecorators(...decorators.reverse());
}
