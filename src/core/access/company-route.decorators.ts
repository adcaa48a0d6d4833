import { applyDecorators, SetMetadata, Type } from '@nestjs/common';
import { ApiExtension, ApiParam } from '@nestjs/swagger';
import type { PermissionCode } from './permission-codes';

export const COMPANY_ROUTE = 'access:company_route';
export const REQUIRED_PERMISSION = 'access:required_permission';
export const ADMIN_ACCESS = 'access:admin_access';
export const COMPANY_RESOURCES = 'access:company_resources';
export const TEXT_PARAMS = 'access:text_params';
export const CHANGES_COMPANY_KEY = 'access:changes_company_key';

/**
 * The route may change a uniquely indexed column of the company row (its slug): its change
 * transaction locks the row FOR UPDATE first (CompanyStandings.holdForChange).
 */
export const ChangesCompanyKey = () => SetMetadata(CHANGES_COMPANY_KEY, true);

/**
 * Whether platform administrators may call a company route without being members:
 * `allowed` (technical support, CONTRACT 3), or `only` (CONTRACT 5: changing a plan).
 */
export type AdminAccess = 'allowed' | 'only';

/**
 * Marks a route (or every route of a controller) whose `:id` is a company: the caller must be
 * a member (404 otherwise, so no company's existence leaks), and every path id must be a UUID.
 */
export const CompanyRoute = () =>
  applyDecorators(
    SetMetadata(COMPANY_ROUTE, true),
    // Handlers read the company through @CurrentCompany(), not @Param('id'): declare it here.
    ApiParam({ name: 'id', description: 'Company id', type: 'string', format: 'uuid' }),
  );

/**
 * Declares the permission code that guards a company operation. The company guard enforces
 * it (403 forbidden, then 403 plan_required), the audit trail records it for changes, and
 * OpenAPI shows it as `x-permission` and in the description with its 403s (openapi-finish.ts),
 * so they cannot drift apart.
 */
export const RequirePermission = (code: PermissionCode, options: { admins?: AdminAccess } = {}) =>
  applyDecorators(
    CompanyRoute(),
    SetMetadata(REQUIRED_PERMISSION, code),
    ...(options.admins
      ? [SetMetadata(ADMIN_ACCESS, options.admins), ApiExtension('x-admin-access', options.admins)]
      : []),
    ApiExtension('x-permission', code),
  );

/**
 * Path parameters that name rows of a company table, by the table's entity, e.g.
 * `{ clientId: CrmClientEntity }`. The guard answers 404 for a row of another company before it
 * looks at permissions (CONTRACT 2 order); the table has `id` and `company_id` columns.
 */
export const CompanyResources = (entities: Record<string, Type>) => SetMetadata(COMPANY_RESOURCES, entities);

/**
 * Path parameters of a route that are not ids (e.g. a category's `slug`), so the guard does not
 * hold them to the UUID rule; the handler validates them.
 */
export const TextParams = (...names: string[]) => SetMetadata(TEXT_PARAMS, names);
