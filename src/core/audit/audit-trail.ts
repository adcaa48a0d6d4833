import { ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isIP } from 'node:net';
import { isUUID } from 'class-validator';
import type { Request } from 'express';
import { COMPANY_ROUTE, REQUIRED_PERMISSION } from '../access/company-route.decorators';
import { CompanyStandings } from '../access/company-standing';
import { PermissionCatalog } from '../access/permission-catalog';
import type { PermissionCode } from '../access/permission-codes';
import type { CallerAccount } from '../auth/auth-context';
import { AppException } from '../http/app.exception';
import { requestIdOf } from '../http/request-id';
import { withSafeText } from '../http/unsafe-text';
import { AuditRecord, AuditRepository } from './audit.repository';
import { EventOutbox } from './event-outbox';
import type { AuditStatus } from './audit-log.entity';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Refusals that are recorded (CONTRACT 7): forbidden / plan_required, conflicts and limits, quota. */
const RECORDED_REFUSALS = new Set([403, 409, 429]);
const SECRET_FIELD = /pass|token|secret|raw_key|api_key|authorization/i;

/** Bounds on what a record keeps of a request body, so that any body the parser accepted records. */
export const RECORDED_BODY = { depth: 8, entries: 100, stringLength: 1024, bytes: 16 * 1024 };

export function recordableText(text: string): string {
  return withSafeText(
    text.length > RECORDED_BODY.stringLength ? `${text.slice(0, RECORDED_BODY.stringLength)}…` : text,
  );
}

function recordableValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return recordableText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= RECORDED_BODY.depth) return '[nested too deep]';
  if (Array.isArray(value))
    return value.slice(0, RECORDED_BODY.entries).map((item) => recordableValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, RECORDED_BODY.entries)
      .map(([k, v]) => [recordableText(k), SECRET_FIELD.test(k) ? '[redacted]' : recordableValue(v, depth + 1)]),
  );
}

/**
 * A request body as its audit record keeps it: anything that looks like a secret blanked, text
 * jsonb cannot hold replaced, and depth, entries, string length and total size bounded (an
 * oversized copy is replaced by its size), so the record always writes (CONTRACT 7).
 */
export function recordableBody(body: unknown): unknown {
  const copy = recordableValue(body, 0);
  const bytes = Buffer.byteLength(JSON.stringify(copy), 'utf8');
  return bytes > RECORDED_BODY.bytes ? { omitted: 'too large to record', bytes } : copy;
}

/** Secrets an answer shows once never travel in an event (CONTRACT 19). */
const SHOWN_ONCE = new Set(['secret', 'raw_key']);

/**
 * An event's data: the resource as the route answered it, without secrets; for a deletion `{id}`,
 * the id being the last one of the path (a file's deletion, named by its query: its answer).
 */
function eventData(req: Request, data: unknown): Record<string, unknown> {
  if (req.method === 'DELETE') {
    const ids = Object.entries(req.params as Record<string, string>).filter(([name]) => name !== 'id');
    if (ids.length > 0) return { id: ids[ids.length - 1][1] };
    // A deletion named by its query (a file's `path`) carries its answer (CONTRACT 22); the company's own, nothing.
    if (Object.keys(req.query ?? {}).length === 0) return {};
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { value: data ?? null };
  return Object.fromEntries(Object.entries(data).filter(([name]) => !SHOWN_ONCE.has(name)));
}

/** The client address when it is one (X-Forwarded-For entries are free text until validated). */
export function clientIp(req: Request): string | null {
  return req.ip && isIP(req.ip) ? req.ip : null;
}

/**
 * The audit trail of CONTRACT 7, declared by routes rather than written by services: every
 * company-scoped change guarded by a permission gets one record (in the change's transaction,
 * see AuditInterceptor), and every refused attempt at one gets a record with status error.
 */
@Injectable()
export class AuditTrail {
  private readonly logger = new Logger('AuditTrail');

  constructor(
    private readonly reflector: Reflector,
    private readonly records: AuditRepository,
    private readonly catalog: PermissionCatalog,
    private readonly standings: CompanyStandings,
    private readonly outbox: EventOutbox,
  ) {}

  /** The permission code when the route is an audited change, else null. */
  auditedPermission(context: ExecutionContext): PermissionCode | null {
    const req = context.switchToHttp().getRequest<Request>();
    if (READ_METHODS.has(req.method)) return null;
    const companyRoute = this.reflector.getAllAndOverride<boolean>(COMPANY_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    const permission = this.reflector.get<PermissionCode | undefined>(REQUIRED_PERMISSION, context.getHandler());
    return companyRoute && permission ? permission : null;
  }

  /**
   * Records a change, in its transaction, with its event for the company's webhooks (CONTRACT 19).
   * `data` is the answer's data as the client gets it.
   */
  async recordSuccess(context: ExecutionContext, accountId: string, result: unknown, data: unknown): Promise<void> {
    const permission = this.auditedPermission(context);
    if (!permission) return;
    const resultId = (result as { id?: unknown } | null)?.id;
    const record = await this.record(
      context,
      permission,
      accountId,
      'success',
      typeof resultId === 'string' ? { result_id: resultId } : {},
    );
    await this.outbox.emit(
      {
        companyId: record.company_id,
        type: permission,
        requestId: record.request_id!,
        data: eventData(context.switchToHttp().getRequest<Request>(), data),
      },
      this.records.insertion(record),
    );
  }

  /**
   * Records a refused attempt, outside any transaction (the change, if any, was rolled back).
   * `insider` says the guard already knows the caller belongs to the company; otherwise (the key
   * quota, decided first) the record is written only for a member or an administrator, so nobody
   * fills the log of a company they have no business with. A failure to record is logged, never
   * allowed to replace the refusal the client must see.
   */
  async recordRefusal(
    context: ExecutionContext,
    caller: CallerAccount,
    error: unknown,
    insider: boolean,
  ): Promise<void> {
    const permission = this.auditedPermission(context);
    if (!permission || !(error instanceof AppException) || !RECORDED_REFUSALS.has(error.status)) return;
    const companyId = (context.switchToHttp().getRequest<Request>().params as Record<string, string>).id;
    if (!isUUID(companyId)) return;
    try {
      if (!insider && !(await this.concerns(companyId, caller))) return;
      await this.records.insert(
        await this.record(context, permission, caller.id, 'error', {
          error: { code: error.code, message: error.message },
        }),
      );
    } catch (failure) {
      this.logger.error({ err: failure }, 'Could not record a refused attempt');
    }
  }

  /** Whether the company exists and the caller is a member of it or an administrator. */
  private async concerns(companyId: string, caller: CallerAccount): Promise<boolean> {
    const standing = await this.standings.standing(companyId, caller.id);
    return standing !== null && (standing.role !== null || caller.is_admin);
  }

  private async record(
    context: ExecutionContext,
    key: PermissionCode,
    accountId: string,
    status: AuditStatus,
    extra: Record<string, unknown>,
  ): Promise<AuditRecord> {
    const req = context.switchToHttp().getRequest<Request>();
    const { id: companyId, ...ids } = req.params as Record<string, string>;
    const body =
      req.body && typeof req.body === 'object' && Object.keys(req.body).length > 0
        ? recordableBody(req.body)
        : undefined;
    return {
      company_id: companyId,
      key,
      status,
      criticality: (await this.catalog.get(key))!.criticality,
      account_id: accountId,
      request_id: requestIdOf(req, req.res),
      ip: clientIp(req),
      user_agent: recordableText(req.get('user-agent') ?? '') || null,
      metadata: {
        method: req.method,
        path: (req.originalUrl ?? req.url).split('?')[0],
        ids: recordableBody(ids),
        ...(body === undefined ? {} : { changes: body }),
        ...extra,
      },
    };
  }
}
