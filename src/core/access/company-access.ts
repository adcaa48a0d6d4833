import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from '../auth/auth-context';
import type { PrefetchedStanding } from './company-standing';

/** How the caller reaches the company: as its owner, a member, or a platform administrator. */
export type CompanyRole = 'owner' | 'member' | 'admin';

/** What the company guard established about the caller and the company of the path. */
export interface CompanyAccess {
  companyId: string;
  role: CompanyRole;
  plan: { code: string; lvl: number; expiresAt: Date; expired: boolean };
  /** The caller's effective permission codes (CONTRACT 6); empty for an administrator. */
  readonly permissions: string[];
}

export type CompanyRequest = AuthenticatedRequest & {
  companyAccess?: CompanyAccess;
  prefetchedStanding?: PrefetchedStanding;
};

/** The company of a company-scoped route, as the guard resolved it for the caller. */
export const CurrentCompany = createParamDecorator((_data: unknown, context: ExecutionContext): CompanyAccess => {
  const access = context.switchToHttp().getRequest<CompanyRequest>().companyAccess;
  if (!access) throw new Error('CurrentCompany used on a route that is not company-scoped');
  return access;
});
