import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * What core needs of the calling account. The modules that look callers up return the whole
 * account row; a handler that answers with it declares `AuthContext<AccountDto>`.
 */
export interface CallerAccount {
  id: string;
  is_admin: boolean;
  /** Administrator level as stored (1 to 5 on the platform's scale; older accounts may hold more); null for others. */
  admin_level: number | null;
}

/** How a session was opened: sign-up, sign-in or their refresh chain (`password`), or a fingerprint. */
export type SessionKind = 'password' | 'fingerprint';

export type Credential =
  { kind: 'session'; sessionId: string; signedInWith: SessionKind } | { kind: 'apiKey'; apiKeyId: string };

/** How the caller got in (CONTRACT 20): a password session, a fingerprint session or an API key. */
export type CredentialKind = SessionKind | 'api_key';

export const credentialKindOf = (credential: Credential): CredentialKind =>
  credential.kind === 'apiKey' ? 'api_key' : credential.signedInWith;

/** Who is calling: set by the auth guard on every non-public route. */
export interface AuthContext<A extends CallerAccount = CallerAccount> {
  account: A;
  credential: Credential;
}

export type AuthenticatedRequest = Request & { auth?: AuthContext };

/** The caller of a guarded route, for handlers: `me(@CurrentAuth() auth: AuthContext)`. */
export const CurrentAuth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const auth = context.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  if (!auth) throw new Error('CurrentAuth used on a route without authentication');
  return auth;
});
