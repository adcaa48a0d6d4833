import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { CLS_REQ, ClsService } from 'nestjs-cls';
import { isIP } from 'node:net';
import { Db } from '../../database/db';
import { rfc3339, sql } from '../../database/sql';
import { Row, Table } from '../../database/table';
import { withSafeText } from '../http/unsafe-text';
import { listPage, Where } from '../pagination/list';
import { Page } from '../pagination/page';
import { PageQueryDto } from '../pagination/page-query.dto';
import { SecurityEventEntity, SecurityEventName, SecurityOutcome } from './security-event.entity';

const events = new Table(SecurityEventEntity);
/** How much of a user agent an event keeps. */
const USER_AGENT_CHARS = 512;

export type ListedSecurityEvent = Pick<
  Row<SecurityEventEntity>,
  'id' | 'event' | 'outcome' | 'ip' | 'user_agent' | 'created_at'
>;

/**
 * The security events of CONTRACT 20: each is one structured log line (`event`, `account_id`,
 * `ip`, `user_agent`, `outcome`, and `request_id` from the request context) and one row the
 * account's owner lists. Callers pass no secret, password or e-mail: only the account's id,
 * when known. A success is recorded in its change's transaction, so only what committed is told.
 */
@Injectable()
export class SecurityEvents {
  private readonly logger = new Logger('SecurityEvents');

  constructor(
    private readonly db: Db,
    private readonly cls: ClsService,
  ) {}

  async record(event: SecurityEventName, outcome: SecurityOutcome, accountId: string | null): Promise<void> {
    const req = this.cls.isActive() ? this.cls.get<Request | undefined>(CLS_REQ) : undefined;
    const ip = req?.ip && isIP(req.ip) ? req.ip : null;
    const agent = req?.headers['user-agent'];
    const userAgent = agent ? withSafeText(agent.slice(0, USER_AGENT_CHARS)) : null;
    this.logger.log({ event, outcome, account_id: accountId, ip, user_agent: userAgent }, 'Security event');
    await this.db.affected(
      events.insert({
        account_id: accountId,
        event,
        outcome,
        ip,
        user_agent: userAgent,
        request_id: this.cls.isActive() ? (this.cls.getId() ?? null) : null,
      }),
    );
  }

  /** The account's events of the last 90 days, newest first. */
  list(accountId: string, query: PageQueryDto): Promise<Page<ListedSecurityEvent>> {
    return listPage(
      this.db,
      {
        from: 'security_events e',
        where: new Where(sql`e.account_id = ${accountId}`, sql`e.created_at > now() - interval '90 days'`),
        orderBy: 'e.created_at DESC, e.id DESC',
        key: ['e.id'],
        select: `e.id, e.event, e.outcome, e.ip, e.user_agent, ${rfc3339('e.created_at')} AS created_at`,
      },
      query,
    );
  }
}
