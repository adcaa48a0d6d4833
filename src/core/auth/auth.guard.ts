import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isUUID } from 'class-validator';
import type { Response } from 'express';
import type { CompanyRequest } from '../access/company-access';
import { COMPANY_ROUTE } from '../access/company-route.decorators';
import { CompanyStanding, CompanyStandings } from '../access/company-standing';
import { AuditTrail } from '../audit/audit-trail';
import { AppException } from '../http/app.exception';
import { Metrics } from '../metrics/metrics';
import { AuthContext, AuthenticatedRequest } from './auth-context';
import { IS_PUBLIC } from './auth.decorators';
import { ApiKeyLookup, CallerCompanion, SessionLookup } from './credential-lookups';
import { quotaHeaders, retryAfterSeconds } from './quota';
import { hashToken, tokenKindOf } from './secret-token';

const INVALID_CREDENTIAL = 'Invalid, revoked or expired credential';

/** Reads: nothing (an Idempotency-Key's wait) runs between this guard and the company guard. */
const READS = new Set(['GET', 'HEAD']);

/** The credential of a request: `Authorization: Bearer <token or key>`, or `X-API-Key: <key>`. */
function presentedCredential(req: AuthenticatedRequest): { raw: string; viaApiKeyHeader: boolean } | null {
  const header = req.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? { raw: match[1], viaApiKeyHeader: false } : null;
  }
  const apiKey = req.headers['x-api-key'];
  return typeof apiKey === 'string' && apiKey ? { raw: apiKey.trim(), viaApiKeyHeader: true } : null;
}

/**
 * Global and default-deny: every route needs a credential unless it is marked @Public().
 * A session token or an API key is looked up by its SHA-256 in one indexed query; a key's
 * request is counted against its daily quota in the same statement (CONTRACT 2: 401, then 429).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyLookup,
    private readonly sessions: SessionLookup,
    private readonly standings: CompanyStandings,
    private readonly audit: AuditTrail,
    private readonly metrics: Metrics,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;

    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // What answers a credential holder, a refusal included, is theirs alone (CONTRACT 20).
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'no-store');
    const presented = presentedCredential(req);
    if (!presented) throw AppException.unauthorized();

    const kind = tokenKindOf(presented.raw);
    let auth: AuthContext;
    if (kind === 'apiKey') {
      auth = await this.authenticateApiKey(context, presented.raw);
    } else if (kind === 'session' && !presented.viaApiKeyHeader) {
      const caller = await this.sessions.resolve(hashToken(presented.raw));
      if (!caller) throw AppException.unauthorized(INVALID_CREDENTIAL);
      auth = {
        account: caller.account,
        credential: { kind: 'session', sessionId: caller.sessionId, signedInWith: caller.kind },
      };
    } else {
      throw AppException.unauthorized(INVALID_CREDENTIAL);
    }

    req.auth = auth;
    return true;
  }

  /**
   * An API key's request counts against its quota before anything else, so its lookup is one
   * statement; on a read of a company route, the company guard's standing rides along (one
   * round trip instead of two).
   */
  private async authenticateApiKey(context: ExecutionContext, raw: string): Promise<AuthContext> {
    const req = context.switchToHttp().getRequest<CompanyRequest>();
    const companyId = this.companyToRead(context, req);
    const standing: CallerCompanion | undefined =
      companyId === undefined
        ? undefined
        : {
            name: 'company-standing',
            statement: (accountId) => this.standings.standingStatement(companyId, accountId),
          };
    const caller = await this.apiKeys.resolve(hashToken(raw), standing);
    if (!caller) throw AppException.unauthorized(INVALID_CREDENTIAL);
    if (companyId !== undefined) {
      req.prefetchedStanding = {
        companyId,
        accountId: caller.account.id,
        standing: (caller.companion ?? null) as CompanyStanding | null,
      };
    }
    context.switchToHttp().getResponse<Response>().set(quotaHeaders(caller.dailyRequests, caller.used));
    if (caller.used > caller.dailyRequests) {
      const refusal = new AppException('rate_limited', 'Daily request quota of this API key is spent', undefined, {
        'Retry-After': String(retryAfterSeconds()),
      });
      this.metrics.apiKeyQuotaRefusals.inc();
      await this.audit.recordRefusal(context, caller.account, refusal, false);
      throw refusal;
    }
    return { account: caller.account, credential: { kind: 'apiKey', apiKeyId: caller.apiKeyId } };
  }

  /** The company of a company route's path on a read, when its id is a UUID the standing can look up. */
  private companyToRead(context: ExecutionContext, req: CompanyRequest): string | undefined {
    if (!READS.has(req.method)) return undefined;
    if (!this.reflector.getAllAndOverride<boolean>(COMPANY_ROUTE, [context.getHandler(), context.getClass()]))
      return undefined;
    const companyId = (req.params as Record<string, string>).id;
    return typeof companyId === 'string' && isUUID(companyId) ? companyId : undefined;
  }
}
