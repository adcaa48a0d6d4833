import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiForbiddenResponse, ApiNotFoundResponse, ApiSecurity } from '@nestjs/swagger';

export const IS_PUBLIC = 'auth:is_public';
export const REQUIRED_PERMISSION = 'auth:required_permission';

/**
 * Opens a route to callers without a credential. In OpenAPI the operation's security is `[{}]`:
 * anonymous access allowed.
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiSecurity({}));

/**
 * Declares the permission code that guards a company-scoped operation. The permission guard
 * enforces it, the audit trail records it, and OpenAPI shows it as `x-permission`, so the
 * three cannot drift apart.
 */
export const RequirePermission = (code: string) =>
  applyDecorators(
    SetMetadata(REQUIRED_PERMISSION, code),
    ApiExtension('x-permission', code),
    ApiForbiddenResponse({
      description: `Needs permission \`${code}\` (forbidden) and a plan that includes it (plan_required)`,
    }),
    ApiNotFoundResponse({ description: 'Unknown company or resource, or a company the caller is not a member of' }),
  );
