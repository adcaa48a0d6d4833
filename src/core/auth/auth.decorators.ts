import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';

export const IS_PUBLIC = 'auth:is_public';

/**
 * Opens a route to callers without a credential. In OpenAPI the operation's security is `[{}]`:
 * anonymous access allowed.
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiSecurity({}));
