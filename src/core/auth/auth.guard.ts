import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { AuditTrail } from '../audit/audit-trail';
import { AppException } from '../http/app.exception';
import { Metrics } from '../metrics/metrics';
import { AuthContext, AuthenticatedRequest } from './auth-context';
import { IS_PUBLIC } from './auth.decorators';
import { ApiKeyLookup, SessionLookup } from './credential-lookups';
import { quotaHeaders, retryAfterSeconds } from './quota';
import { hashToken, tokenKindOf } from './secret-token';

const INVALID_CREDENTIAL = 'Invalid, revoked or expired credential';

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
    private readonly audit: AuditTrail,
    private readonly metrics: Metrics,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;

    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const presented = presentedCredential(req);
    if (!presented) throw AppException.unauthorized();

    const kind = tokenKindOf(presented.raw);
    let auth: AuthContext;
    if (kind === 'apiKey') {
      auth = await this.authenticateApiKey(context, presented.raw);
    } else if (kind === 'session' && !presented.viaApiKeyHeader) {
      const caller = await this.sessions.resolve(hashToken(presented.raw));
      if (!caller) throw AppException.unauthorized(INVALID_CREDENTIAL);
      auth = { account: caller.account, credential: { kind: 'session', sessionId: caller.sessionId } };
    } else {
      throw AppException.unauthorized(INVALID_CREDENTIAL);
    }

    req.auth = auth;
    return true;
  }

  private async authenticateApiKey(context: ExecutionContext, raw: string): Promise<AuthContext> {
    const caller = await this.apiKeys.resolve(hashToken(raw));
    if (!caller) throw AppException.unauthorized(INVALID_CREDENTIAL);
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
}
