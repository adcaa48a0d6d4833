import type { ApiKeysRepository } from './api-keys.repository';

/** What sign-in (account/auth) may do with API keys: revoke them all on a password reset. Provided by ApiKeysRepository. */
export abstract class AccountApiKeys {}
export interface AccountApiKeys extends Pick<ApiKeysRepository, 'revokeAllOf'> {}
