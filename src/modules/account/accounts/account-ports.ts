import type { AccountsRepository } from './accounts.repository';
import type { SessionsRepository } from './sessions.repository';

/**
 * What sign-in (account/auth) may do with accounts: create one, find one, confirm it, set its
 * password. Provided by AccountsRepository (accounts.module.ts); the class is the injection token.
 */
export abstract class AccountRecords {}
export interface AccountRecords extends Pick<
  AccountsRepository,
  'create' | 'emailTaken' | 'findById' | 'findForSignIn' | 'markConfirmed' | 'setPassword'
> {}

/** What sign-in and fingerprints may do with sessions: open, rotate and revoke them. */
export abstract class AccountSessions {}
export interface AccountSessions extends Pick<
  SessionsRepository,
  'open' | 'rotate' | 'revoke' | 'revokeAllOf' | 'revokeByFingerprint'
> {}
