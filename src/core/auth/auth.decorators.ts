import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiSecurity } from '@nestjs/swagger';

export const IS_PUBLIC = 'auth:is_public';
export const REQUIRED_CREDENTIAL = 'auth:required_credential';

/**
 * Opens a route to callers without a credential. In OpenAPI the operation's security is `[{}]`:
 * anonymous access allowed.
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiSecurity({}));

/**
 * Only a session signed in with the password may call the route (CONTRACT 20): not a fingerprint
 * session, not an API key. The company guard refuses the others where it checks permissions
 * (403 forbidden, `details: [{field: "credential"}]`); OpenAPI shows `x-credential: password`.
 */
export const RequirePasswordSession = () =>
  applyDecorators(SetMetadata(REQUIRED_CREDENTIAL, 'password'), ApiExtension('x-credential', 'password'));
