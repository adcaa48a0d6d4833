import { Injectable } from '@nestjs/common';
import { Db, InjectDb } from '../../database/transaction-host';
import type { AuditStatus } from './audit-log.entity';

export interface AuditRecord {
  companyId: string;
  key: string;
  status: AuditStatus;
  criticality: number;
  accountId: string;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
  metadata: Record<string, unknown>;
}

const COLUMNS = 'company_id, key, status, criticality, account_id, request_id, ip, user_agent, metadata';

@Injectable()
export class AuditRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  /** Inserts in the caller's transaction when there is one: the record lives or dies with the change. */
  async insert(record: AuditRecord): Promise<void> {
    await this.db.tx.query(
      `INSERT INTO audit_logs (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      values(record),
    );
  }

  /**
   * For a refusal decided before the company was looked up (the key quota): written only when
   * the caller is a member of that company or an administrator, so nobody fills the log of a
   * company they have no business with.
   */
  async insertForInsider(record: AuditRecord): Promise<void> {
    await this.db.tx.query(
      `INSERT INTO audit_logs (${COLUMNS})
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
       WHERE EXISTS (SELECT 1 FROM companies WHERE id = $1 AND deleting_at IS NULL)
         AND (EXISTS (SELECT 1 FROM company_members WHERE company_id = $1 AND account_id = $5)
              OR EXISTS (SELECT 1 FROM accounts WHERE id = $5 AND is_admin))`,
      values(record),
    );
  }
}

function values(record: AuditRecord): unknown[] {
  return [
    record.companyId,
    record.key,
    record.status,
    record.criticality,
    record.accountId,
    record.requestId,
    record.ip,
    record.userAgent,
    JSON.stringify(record.metadata),
  ];
}
