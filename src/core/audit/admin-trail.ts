import { Injectable } from '@nestjs/common';
import type { PermissionCode } from '../access/permission-codes';
import { PermissionCatalog } from '../access/permission-catalog';
import type { Request } from 'express';
import { listPage, Where } from '../pagination/list';
import type { Page } from '../pagination/page';
import type { PageQueryDto } from '../pagination/page-query.dto';
import { Db } from '../../database/db';
import { Sql, sql } from '../../database/sql';
import { Row, Table } from '../../database/table';
import { requestIdOf } from '../http/request-id';
import { AdminLogEntity } from './admin-log.entity';
import { clientIp, recordableBody, recordableText } from './audit-trail';
import { AuditRepository } from './audit.repository';

const adminLogs = new Table(AdminLogEntity);

export type AdminLog = Row<AdminLogEntity>;

export interface AdminLogFilter {
  admin_id?: string;
  key?: string;
  /** RFC 3339 times, both inclusive. */
  from?: string;
  to?: string;
}

/**
 * The platform audit trail (CONTRACT 21): what administrators changed through the console.
 * AdminTrailInterceptor writes a record in each change's transaction; the console's logs
 * section lists them.
 */
@Injectable()
export class AdminTrail {
  constructor(
    private readonly db: Db,
    private readonly companyRecords: AuditRepository,
    private readonly catalog: PermissionCatalog,
  ) {}

  /** One change's record, in the caller's transaction: the path's ids, the fields sent (secrets blanked), what was changed. */
  async record(req: Request, adminId: string, key: string, resultId: string | undefined): Promise<void> {
    const { request_id, ip, user_agent, metadata } = this.requestFacts(req);
    await this.db.affected(
      adminLogs.insert({
        admin_id: adminId,
        key,
        request_id,
        ip,
        user_agent,
        metadata: { ...metadata, ...(resultId === undefined ? {} : { result_id: resultId }) },
      }),
    );
  }

  /** The company's own audit record of a staff change (CONTRACT 7, 21), in the same transaction. */
  async recordForCompany(req: Request, adminId: string, companyId: string, key: PermissionCode, action: string) {
    const { request_id, ip, user_agent, metadata } = this.requestFacts(req);
    await this.companyRecords.insert({
      company_id: companyId,
      key,
      status: 'success',
      criticality: (await this.catalog.get(key))!.criticality,
      account_id: adminId,
      request_id,
      ip,
      user_agent,
      metadata: { ...metadata, platform_action: action },
    });
  }

  private requestFacts(req: Request) {
    const body =
      req.body && typeof req.body === 'object' && Object.keys(req.body).length > 0
        ? recordableBody(req.body)
        : undefined;
    return {
      request_id: requestIdOf(req, req.res),
      ip: clientIp(req),
      user_agent: recordableText(req.get('user-agent') ?? '') || null,
      metadata: {
        method: req.method,
        path: (req.originalUrl ?? req.url).split('?')[0],
        ids: recordableBody(req.params),
        ...(body === undefined ? {} : { changes: body }),
      },
    };
  }

  /**
   * Newest first. `keptTotal` answers the unfiltered total from the count the database keeps
   * (`admin_logs` in clientele_counts; migration AdminLogCounts) instead of counting the records.
   */
  list(filter: AdminLogFilter, query: PageQueryDto, keptTotal?: Sql): Promise<Page<AdminLog>> {
    const unfiltered = Object.values(filter).every((value) => value === undefined);
    return listPage(
      this.db,
      {
        from: 'admin_logs l',
        where: new Where(sql`TRUE`)
          .equals('l.admin_id', filter.admin_id)
          .equals('l.key', filter.key)
          .between('l.created_at', filter.from, filter.to),
        orderBy: 'l.created_at DESC, l.id DESC',
        key: ['l.id'],
        ...(unfiltered && keptTotal ? { total: keptTotal } : {}),
        select: adminLogs.answer('l', [
          'id',
          'admin_id',
          'key',
          'request_id',
          'ip',
          'user_agent',
          'metadata',
          'created_at',
        ]),
      },
      query,
    );
  }
}
