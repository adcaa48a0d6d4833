import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The account as the API shows it (spec section 2, Account). */
export interface AccountView {
  id: string;
  email: string;
  name: string;
  avatar_url: string | null;
  auth_type: string;
  status: string;
  description: string;
  type: string;
  is_admin: boolean;
  admin_level: number | null;
  created_at: Date;
  updated_at: Date;
}

/** Columns of `accounts` that make an AccountView, for `SELECT ${ACCOUNT_COLUMNS('a')}`. */
export const ACCOUNT_COLUMNS = (alias = 'accounts') =>
  [
    'id',
    'email',
    'name',
    'avatar_url',
    'auth_type',
    'status',
    'description',
    'type',
    'is_admin',
    'admin_level',
    'created_at',
    'updated_at',
  ]
    .map((column) => `${alias}.${column}`)
    .join(', ');

export type Credential = { kind: 'session'; sessionId: string } | { kind: 'apiKey'; apiKeyId: string };

/** Who is calling: set by the auth guard on every non-public route. */
export interface AuthContext {
  account: AccountView;
  credential: Credential;
}

export type AuthenticatedRequest = Request & { auth?: AuthContext };

/** The caller of a guarded route, for handlers: `me(@CurrentAuth() auth: AuthContext)`. */
export const CurrentAuth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const auth = context.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  if (!auth) throw new Error('CurrentAuth used on a route without authentication');
  return auth;
});
